// Opened from a file (file://, a USB stick), browsers refuse module scripts, so a live part's own code
// never runs and its status line would say "준비하는 중" forever. This classic script runs there too: it
// puts each status line's data-file-notice sentence in its place at once.
document.addEventListener("DOMContentLoaded", function () {
  if (location.protocol !== "file:") return;
  document.querySelectorAll("[data-file-notice]").forEach(function (line) {
    line.textContent = line.getAttribute("data-file-notice");
    line.classList.add("rb-file-notice");
  });
  // A notebook's "▶ 브라우저에서 실행" would open a blank JupyterLite page: say why instead.
  document.querySelectorAll(".rb-live-link").forEach(function (box) {
    box.querySelector("span").textContent = "파일로 연 페이지(file://)에서는 노트북을 브라우저에서 실행할 수 없습니다. " +
      "사이트를 웹 서버로 열면 됩니다 (안내서의 ‘인터넷 없이 수업하기’). 노트북의 내용과 예제는 이 페이지에서 그대로 읽을 수 있습니다.";
    box.querySelector("a").addEventListener("click", function (event) { event.preventDefault(); });
    box.classList.add("rb-file-notice");
  });
});
