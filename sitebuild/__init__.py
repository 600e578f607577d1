"""The build's helpers (build.py is the entry point): the PWA step and the app icons
(:mod:`sitebuild.pwa`), and the start-up bytecode that Pyodide compiles (:mod:`sitebuild.pyc`)."""
