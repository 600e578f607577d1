"""The site and the repository: the build, the server, the layers, the docs' links and doctests."""
