// Deadlines in the reader's own time zone, and the arrow keys step through the phases.
"use strict";
for (const t of document.querySelectorAll("time[datetime]")) {
  const at = new Date(t.getAttribute("datetime"));
  if (!isNaN(at)) {
    t.title = t.textContent;
    t.textContent = at.toLocaleString(undefined, {
      weekday: "short", year: "numeric", month: "short", day: "numeric",
      hour: "2-digit", minute: "2-digit", timeZoneName: "short",
    });
  }
}
const phase = document.getElementById("phase");
if (phase) {
  phase.addEventListener("change", () => phase.form.submit());
}
document.addEventListener("keydown", (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest("select, input, textarea")) return;
  const to = e.key === "ArrowLeft" ? "prev" : e.key === "ArrowRight" ? "next" : null;
  const link = to && document.getElementById(to);
  if (link) { link.click(); }
});
