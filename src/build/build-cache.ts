import path from 'node:path';
import type { Problem } from '../errors.ts';
import type { ClientBundle } from '../render/bundle.ts';
import type { SidebarExtension } from '../page.ts';
import type { Page } from '../page.ts';
import type { ScannedPage } from '../links/check.ts';
import type { SymbolEntry } from '../typedoc/symbol-entries.ts';
import type { TwinPart } from '../markdown-twins/split-twin.ts';
import type { TwinDivergence } from '../markdown-twins/divergence.ts';
import { generatorFingerprint, keyOf } from '../cache/fingerprint.ts';
import { ArtefactStore } from '../cache/store.ts';
import { BlobStore } from '../cache/blobs.ts';
import { VerifiedFiles } from '../cache/verified-files.ts';
import { clearForCacheFolder } from '../cache/cache-folder.ts';
import type { SearchCacheEntry } from '../search/build-index.ts';
import type { CompressedSiblings } from '../output/precompress.ts';

/** A doc rendered from Markdown, with what it read, to be reused while none of it changed. */
export interface CachedDoc {
  page: Page;
  problems: Problem[];
  /** Images the page published: public URL -> source file. */
  assets: [string, string][];
  /** Files read while rendering, with their content fingerprints at the time. */
  dependencies: [string, string][];
}

/**
 * A page rendered to its outputs, as the cache keeps it: the files by their hash in the blob
 * store (a reused page's blobs are checked against their hash and linked, never rendered
 * again), its search part's key, and what the link check and the llms files need.
 */
export interface CachedRender {
  files: { html: string; data: string; twin: string };
  /** The page's part of the search index (absent: the page is not searched). */
  searchKey?: string;
  /** Its link scans: the page, then its twin. */
  scanned: ScannedPage[];
  twin: string;
  /** A split twin's parts (see src/markdown-twins/split-twin.ts). */
  parts?: TwinPart[];
  /** How far the twin's text is from the page's (see src/markdown-twins/divergence.ts). */
  divergence?: TwinDivergence;
  /** Files published for the twin: public URL -> source file. */
  assets: [string, string][];
}

/** The reference phase's output: API and package pages, sidebars, symbols, and what it reported. */
export interface CachedReference {
  pages: Page[];
  sidebars: SidebarExtension[];
  problems: Problem[];
  assets: [string, string][];
  /** Per area: exported name -> route. */
  symbols: [string, [string, string][]][];
  /** Every export with its signature, for assistants (/mcp/symbols.json). */
  symbolEntries: SymbolEntry[];
  /** The packages documented (their models come from TypeDoc's own cache). */
  packages: string[];
}

export interface CacheStats {
  docs: { hits: number; misses: number };
  pages: { hits: number; misses: number };
  search: { hits: number; misses: number };
}

/**
 * What a build keeps in the cache folder between runs so the next build redoes only what changed
 * (CI restores the folder; `portal serve` keeps it too). Every entry is keyed by its inputs and
 * by the generator itself, so reuse is never stale; a cold build and a warm one write the same
 * bytes, which `test/integration/warm-build.test.ts` checks.
 */
export class BuildCache {
  readonly generator = generatorFingerprint();
  readonly docs: ArtefactStore<CachedDoc>;
  readonly pages: ArtefactStore<CachedRender>;
  readonly search: ArtefactStore<SearchCacheEntry>;
  readonly reference: ArtefactStore<CachedReference>;
  /** The browser bundle, by the site data compiled into it. */
  readonly bundles: ArtefactStore<ClientBundle>;
  /** Brotli and gzip siblings (their blobs) by the hash of what they compress. */
  readonly compressed: ArtefactStore<CompressedSiblings>;
  /** Copied files (images, cards, static files) by their identity: their blob's hash. */
  readonly copies: ArtefactStore<string>;
  /** Site-wide files made from many pages (mcp/operations.json), by what they are made from (see `derivedText`). */
  readonly derived: ArtefactStore<string>;
  /** The output's files by content, linked into dist/ once checked against their hash. */
  readonly blobs: BlobStore;
  /** Each blob's identity when last written or checked: an unchanged blob is not read again. */
  readonly blobChecks: VerifiedFiles;
  /** The output's files and their identities as the last successful build left them (see earlier-output.ts). */
  readonly outputFiles: VerifiedFiles;

  constructor(readonly folder: string) {
    // A file where the folder belongs: removed, so every store is a miss and is written again.
    clearForCacheFolder(folder);
    this.docs = new ArtefactStore(path.join(folder, 'docs.v8'));
    this.pages = new ArtefactStore(path.join(folder, 'pages.v8'));
    this.search = new ArtefactStore(path.join(folder, 'search.v8'));
    this.reference = new ArtefactStore(path.join(folder, 'reference.v8'));
    this.bundles = new ArtefactStore(path.join(folder, 'bundles.v8'));
    this.compressed = new ArtefactStore(path.join(folder, 'compressed.v8'), false);
    this.copies = new ArtefactStore(path.join(folder, 'copies.v8'), false);
    this.derived = new ArtefactStore(path.join(folder, 'derived.v8'));
    this.blobChecks = new VerifiedFiles(path.join(folder, 'blob-checks.v8'));
    this.blobs = new BlobStore(path.join(folder, 'blobs'), this.blobChecks);
    this.outputFiles = new VerifiedFiles(path.join(folder, 'output-files.v8'));
  }

  /**
   * The text `make` returns, or the one it returned in an earlier build from the same `inputs`
   * (the same portal too): `inputs` must be all that `make` reads, which is why its caller
   * derives both from one place.
   */
  derivedText(name: string, inputs: string[], make: () => string): string {
    const key = keyOf(this.generator, name, ...inputs);
    const cached = this.derived.get(key, (value) => typeof value === 'string');
    if (cached !== undefined) return cached;
    const made = make();
    this.derived.set(key, made);
    return made;
  }

  stats(): CacheStats {
    const of = (store: ArtefactStore<unknown>) => ({ hits: store.hits, misses: store.misses });
    return { docs: of(this.docs), pages: of(this.pages), search: of(this.search) };
  }

  /**
   * Before a successful build swaps its output in: keeps what it made and used, drops the rest.
   * A store that cannot be written costs the next build time, not this one its output: each
   * failure is returned as a warning naming the file, and the other stores are still saved.
   */
  save(): Omit<Problem, 'severity'>[] {
    const failures: Omit<Problem, 'severity'>[] = [];
    for (const store of [this.docs, this.pages, this.search, this.reference, this.bundles, this.compressed, this.copies, this.derived, this.blobChecks]) {
      try {
        store.save();
      } catch (error) {
        failures.push(cacheWriteProblem(store.file, error));
      }
    }
    return failures;
  }

  /**
   * After the swap: deletes the blobs this build did not use, and records the new output's files
   * with the identities they keep now that the old output's names are gone (see verified-files.ts).
   * Each step that fails is a warning naming its file; the other still runs.
   */
  afterSwap(): Omit<Problem, 'severity'>[] {
    const steps: [string, () => void][] = [
      [this.blobs.folder, () => this.blobs.prune()],
      [this.outputFiles.file, () => this.outputFiles.save()],
    ];
    return steps.flatMap(([file, step]) => {
      try {
        step();
        return [];
      } catch (error) {
        return [cacheWriteProblem(file, error)];
      }
    });
  }
}

function cacheWriteProblem(file: string, error: unknown): Omit<Problem, 'severity'> {
  return {
    file,
    message: `the build cache could not be saved (${(error as Error).message}); the output is complete, the next build redoes more work`,
    hint: `Make the cache folder writable, or delete ${file} (and the cache folder with it if needed); the next build makes it again.`,
  };
}
