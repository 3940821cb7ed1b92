// The workbench's "그림으로 저장" (docs/_static/workbench/share.js): html-to-image copies the board's
// elements with their computed styles into an SVG and draws it on a canvas, all in the page. A module of
// its own, loaded on the first click, so neither the editor nor the embed view carries it.
export { toBlob } from "html-to-image";
