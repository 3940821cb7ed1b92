// Opened from a file (file://, a USB stick), browsers refuse module scripts, so a live part's own code
// never runs and its status line would say "준비하는 중" forever. This classic script runs there too: it
// puts each status line's data-file-notice sentence in its place at once, with a link to the guide for
// the teacher, and turns off the part's controls (they would do nothing), saying why on each.
document.addEventListener("DOMContentLoaded", function () {
  if (location.protocol !== "file:") return;
  var root = document.documentElement.getAttribute("data-content_root") || "";
  var guide = function () {
    var link = document.createElement("a");
    link.href = root + "guide/offline.html";
    link.textContent = "인터넷 없이 수업하기";
    return link;
  };
  document.querySelectorAll("[data-file-notice]").forEach(function (line, n) {
    line.textContent = line.getAttribute("data-file-notice") + " 방법: ";
    line.append(guide(), ".");
    line.classList.add("rb-file-notice");
    line.id = line.id || "rb-file-notice-" + n;
    var part = line.closest("[data-rulebook-live]");
    if (!part) return;
    part.querySelectorAll("button, input, select, textarea").forEach(function (control) {
      control.disabled = true;
      control.title = "파일로 연 페이지에서는 쓸 수 없습니다";
      control.setAttribute("aria-describedby", line.id);
    });
  });
  // A notebook's "▶ 브라우저에서 실행" would open a blank JupyterLite page: it says why when clicked.
  document.querySelectorAll(".rb-live-link").forEach(function (box) {
    var link = box.querySelector("a");
    var why = document.createElement("p");
    why.className = "rb-file-notice rb-live-why";
    why.setAttribute("role", "alert");
    why.hidden = true;
    why.append("이 노트북은 지금 실행할 수 없습니다. 페이지를 USB의 파일로 바로 열었기 때문입니다(주소가 file://로 " +
      "시작합니다). 노트북을 실행하는 프로그램은 웹 서버로 연 사이트에서만 움직입니다. 선생님은 USB 폴더를 " +
      "컴퓨터 한 대에서 웹 서버로 열고 학생들이 그 주소로 들어오게 하면 됩니다. 방법: ", guide(),
      ". 노트북의 설명과 예제는 이 페이지에서 그대로 읽을 수 있습니다.");
    box.querySelector("span").textContent = "파일로 연 페이지에서는 실행되지 않습니다. 누르면 까닭과 방법을 알려 드립니다.";
    box.after(why);
    link.setAttribute("aria-describedby", "rb-live-why");
    why.id = "rb-live-why";
    link.addEventListener("click", function (event) {
      event.preventDefault();
      why.hidden = false;
      why.tabIndex = -1;
      why.focus();
    });
  });
});
