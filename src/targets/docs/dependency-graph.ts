import dagre, { type Point } from "@dagrejs/dagre";
import { escapeHtml } from "./html.js";
import { contractPage } from "./page-links.js";

/**
 * The picture of which contract uses which: laid out by dagre (ranks left to right, crossings
 * reduced), drawn as inline SVG whose boxes link to the contracts' pages (a group, not an
 * image: an image may not hold links). Coordinates are rounded, and nodes and edges are added
 * in sorted order, so the same contracts give the same bytes. Colours come from the page's
 * stylesheet, so the picture follows the light or dark theme.
 */
export function dependencyGraphSvg(uses: ReadonlyMap<string, readonly string[]>): string {
  const names = [...uses.keys()].sort();
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: "LR", nodesep: 14, ranksep: 70, marginx: 8, marginy: 8 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const name of names) graph.setNode(name, { width: name.length * CHAR_WIDTH + 24, height: NODE_HEIGHT });
  for (const name of names) for (const used of [...(uses.get(name) ?? [])].sort()) graph.setEdge(name, used);
  dagre.layout(graph);
  const size = graph.graph() as { width?: number; height?: number };
  const width = round(size.width ?? 0);
  const height = round(size.height ?? 0);
  const edges = graph
    .edges()
    .map((edge: { v: string; w: string }) => {
      const points: Point[] = (graph.edge(edge) as { points?: Point[] }).points ?? [];
      const d = points.map((p: Point, i: number) => `${i === 0 ? "M" : "L"}${round(p.x)},${round(p.y)}`).join(" ");
      return `<path d="${d}" marker-end="url(#arrow)"><title>${escapeHtml(`${edge.v} uses ${edge.w}`)}</title></path>`;
    })
    .join("\n");
  const nodes = names
    .map((name) => {
      const node = graph.node(name) as { x: number; y: number; width: number; height: number };
      const x = round(node.x - node.width / 2);
      const y = round(node.y - node.height / 2);
      return `<a href="${escapeHtml(contractPage(name))}"><rect x="${x}" y="${y}" width="${round(node.width)}" height="${round(node.height)}" rx="4"/><text x="${round(node.x)}" y="${round(node.y + 4)}" text-anchor="middle">${escapeHtml(name)}</text></a>`;
    })
    .join("\n");
  return `<svg class="graph" role="group" aria-labelledby="graph-title" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">
<title id="graph-title">Which contract uses which: an arrow from a contract to each contract it refers to</title>
<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>
${edges}
${nodes}
</svg>`;
}

/** An estimate of a monospace character's width at the graph's font size, for box widths. */
const CHAR_WIDTH = 7.4;
const NODE_HEIGHT = 26;

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
