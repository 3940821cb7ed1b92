// Opened from a file (file://, a USB stick), browsers refuse module scripts, so a live part's own code
// never runs and its status line would say "준비하는 중" forever. This classic script runs there too: it
// puts each status line's data-file-notice sentence in its place at once.
document.addEventListener("DOMContentLoaded", function () {
  if (location.protocol !== "file:") return;
  document.querySelectorAll("[data-file-notice]").forEach(function (line) {
    line.textContent = line.getAttribute("data-file-notice");
    line.classList.add("rb-file-notice");
  });
});
