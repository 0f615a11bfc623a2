"""Mail out: the outbox and its sender (judge/mailout/sender.py)."""
