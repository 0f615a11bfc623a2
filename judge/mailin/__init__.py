"""Mail in: the listeners, the pipe, reading a raw mail, and the inbound queue."""
