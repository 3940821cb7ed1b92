// The site is drawn light (its boards and widgets have light colours): furo's theme switch is hidden
// (site.css), and this file stands in for furo's inline script, which the pages' policy would refuse.
document.body.dataset.theme = "light";
