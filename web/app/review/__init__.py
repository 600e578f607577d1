"""The hand review: a played hand, trick by trick, beside its double-dummy analysis (worked out
ahead, a slice at a time, and kept in the browser)."""
