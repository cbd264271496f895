import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The README is the front door and docs/ holds the rest: every relative link between them must
 * lead somewhere, down to the heading, and the README must stay short.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const README = join(ROOT, "README.md");
const DOCS = join(ROOT, "docs");
const README_MAX_LINES = 250;

const markdownFiles = [README, ...readdirSync(DOCS).filter((name) => name.endsWith(".md")).sort().map((name) => join(DOCS, name))];

/** The lines outside fenced code blocks (blank inside them), so that examples are not read as Markdown. */
function outsideFences(text: string): string[] {
  let fenced = false;
  return text.split("\n").map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return "";
    }
    return fenced ? "" : line;
  });
}

/**
 * GitHub's anchor for a heading: lower case, punctuation and emoji gone (hyphens, spaces and, as
 * GitHub does, underscores kept), each space a hyphen.
 */
function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors a Markdown file offers: one per heading, repeated headings numbered as GitHub does. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of outsideFences(text)) {
    const heading = /^ {0,3}#{1,6}\s+(.+?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    // A heading's links count by their text.
    const slug = slugOf(heading.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1"));
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

interface Link {
  from: string;
  target: string;
}

function relativeLinks(file: string): Link[] {
  const links: Link[] = [];
  // Not in code: a link in a code block or span is an example, not a link.
  const text = outsideFences(readFileSync(file, "utf8"))
    .map((line) => line.replace(/`[^`]*`/g, ""))
    .join("\n");
  for (const match of text.matchAll(/\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1];
    if (target === undefined || /^(?:https?:|mailto:)/i.test(target)) continue;
    links.push({ from: relative(ROOT, file), target });
  }
  return links;
}

function brokenReason(link: Link): string | undefined {
  const from = join(ROOT, link.from);
  const hash = link.target.indexOf("#");
  const path = hash === -1 ? link.target : link.target.slice(0, hash);
  const anchor = hash === -1 ? undefined : decodeURIComponent(link.target.slice(hash + 1));
  const targetFile = path === "" ? from : resolve(dirname(from), decodeURIComponent(path));
  if (!existsSync(targetFile)) return "no such file";
  if (anchor === undefined) return undefined;
  if (statSync(targetFile).isDirectory() || !targetFile.endsWith(".md")) return "an anchor into something that is not a Markdown file";
  return anchorsOf(readFileSync(targetFile, "utf8")).has(anchor) ? undefined : `no heading with the anchor #${anchor}`;
}

describe("documentation links", () => {
  it("finds the README and the docs", () => {
    expect(markdownFiles.length).toBeGreaterThan(1);
    expect(markdownFiles.flatMap(relativeLinks).length).toBeGreaterThan(0);
  });

  it.each(markdownFiles.map((file) => relative(ROOT, file)))("every relative link in %s leads to a file and heading that exist", (file) => {
    const broken = relativeLinks(join(ROOT, file))
      .map((link) => ({ link: link.target, reason: brokenReason(link) }))
      .filter((entry) => entry.reason !== undefined);
    expect(broken).toEqual([]);
  });

  it(`keeps the README to ${README_MAX_LINES} lines at most`, () => {
    const text = readFileSync(README, "utf8");
    const lines = text.endsWith("\n") ? text.slice(0, -1).split("\n") : text.split("\n");
    expect(lines.length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it("reads anchors as GitHub writes them", () => {
    expect(slugOf("State and scaling out")).toBe("state-and-scaling-out");
    expect(slugOf("Follow it: /collection, from update to reply")).toBe("follow-it-collection-from-update-to-reply");
    expect(slugOf("How to run 2+ instances")).toBe("how-to-run-2-instances");
    expect(slugOf("Redis, to run several instances")).toBe("redis-to-run-several-instances");
  });
});
