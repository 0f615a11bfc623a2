"""Webhooks (issue 35, item 5): a game's events posted to the URL its master set (SET
WEBHOOK), in the judge's own JSON, Discord's or Slack's form, signed, from a loop of their
own and never from the mail's; docs/operations.md, "Webhooks".

rules.py: which URLs the judgekeeper admits (`webhook_hosts`, public addresses only);
keys.py: each game's signing key and the signature; forms.py: a post's body in each form;
queue.py: a post written beside the change that made it; http.py: one post, to the
addresses checked, following redirects only where the rules admit them; delivery.py: the
due posts claimed, posted, retried with backoff, and the loop `judge serve` runs.
"""
