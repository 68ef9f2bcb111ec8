// The models of generated pages that a source (or the site stage) makes and a template draws:
// page data, so both import them from here and neither from the other.

import type { SchemaRow } from './api-model.ts';

/** A child listed on a category page. */
export interface CategoryEntry {
  title: string;
  href: string;
  description?: string;
  /** Shown as a badge, e.g. an API operation's HTTP method. */
  badge?: string;
}

/** A documentation area on the home page: its main page, its summary and what it offers. */
export interface HomeArea {
  title: string;
  href: string;
  summary: string;
  offers: { label: string; href: string }[];
}

/** A group of a large API (a tag, or a path its operations share): its description and its operations. */
export interface ApiTagModel {
  descriptionHtml?: string;
  pathPrefix?: string;
  operations: { method: string; path: string; summary: string; href: string }[];
  overview: { title: string; href: string };
}

/** A named schema's page: its fields as rows, and the overview it belongs to. */
export interface ApiSchemaModel {
  name: string;
  type: string;
  constraints?: string[];
  descriptionHtml?: string;
  rows: SchemaRow[];
  overview: { title: string; href: string };
}
