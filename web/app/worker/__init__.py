"""The page's protocol (app.worker.bridge) and the app's screens (app.worker.controller), with
the app's own notices and link dialogs."""
