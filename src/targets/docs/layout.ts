import { escapeHtml } from "./html.js";
import { rootOf } from "./page-links.js";

export interface PageShell {
  /** The page's path from the site's root. */
  page: string;
  title: string;
  body: string;
  /** Data scripts loaded before the site's script, relative to the site's root. */
  data?: string[];
  /** Further classic scripts, relative to the site's root, loaded after the site's script. */
  scripts?: string[];
  /** Load the search index once the page has loaded (the index page), not only when the reader turns to the search box. */
  preloadSearch?: boolean;
}

/**
 * The frame of every page: the stylesheet (light and dark from the reader's setting, a print
 * layout), a skip link, the way back to the index and the search box. Scripts are classic, not
 * modules: Chromium refuses module scripts from file://.
 */
export function pageHtml(shell: PageShell): string {
  const root = rootOf(shell.page);
  const scripts = [...(shell.data ?? []), "assets/site.js", ...(shell.scripts ?? [])]
    .map((script) => `<script src="${escapeHtml(root + script)}"></script>`)
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="charter docs">
<title>${escapeHtml(shell.title)}</title>
<link rel="stylesheet" href="${root}assets/site.css">
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
<header class="site">
<nav aria-label="Site"><a href="${root}index.html">All contracts</a></nav>
${searchHtml(root, shell.preloadSearch === true)}
</header>
<main id="main">
${shell.body}
</main>
${scripts}
</body>
</html>
`;
}

/**
 * The place of the search over every contract, definition and member, the same on every page:
 * the site's script makes the box there, and adds the index (`assets/search-index.js`, its hrefs
 * from the site's root) when the reader first turns to it, so that no page waits for it.
 */
function searchHtml(root: string, preload: boolean): string {
  return `<div class="search" role="search" id="site-search" data-root="${escapeHtml(root)}"${preload ? " data-preload" : ""}></div>`;
}
