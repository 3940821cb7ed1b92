// The workbench's embed view (workbench.html?embed#…, for an iframe on another site): marked on <html>
// as the page is read, so workbench.css shows the question's card alone (share.js fills it). A classic
// script file, because the site's Content-Security-Policy runs no inline script.
if (new URLSearchParams(location.search).has("embed")) document.documentElement.classList.add("rbw-embed");
