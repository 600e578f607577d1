"""The page's UI logic in web/app: the table, views, renderers, saves, links, the start screen, the review, the worker."""
