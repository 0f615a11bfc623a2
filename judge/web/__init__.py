"""The web window (issue 36, docs/web.md): read-only pages of the judge's games, served
from its store beside the mail listeners. The judge stays a mail judge: every text a page
shows is made by the code that makes the mail (the results, SUMMARY, LIST, press), for the
reader the page is for, so a page never tells more than that reader's mail copy."""
