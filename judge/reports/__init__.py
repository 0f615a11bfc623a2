"""Every outgoing text: replies, results, listings."""
