"""The site whole: loading, offline and updates, the layout at every size, accessibility."""
