// What a social card shows and its size, apart from the drawing code: pages name their cards
// while they render, and a build whose cards are all cached never loads satori and resvg.
export const cardWidth = 1200;
export const cardHeight = 630;

export interface CardText {
  title: string;
  /** The area's label ("Infinity"), or the site title for pages outside an area. */
  area: string;
  siteTitle: string;
}
