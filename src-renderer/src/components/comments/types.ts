// The shapes the comment components show (structurally those of the comments contract: text, never HTML).

/** A piece of a text: `match` pieces are what the query found. Rendered as text only. */
export interface TextSegment {
  text: string;
  match: boolean;
}

/** One comment in the list (the fields of the contract's CommentHit that a row shows). */
export interface CommentRowData {
  feedbackId: string;
  experiencePointName: string | null;
  /** `yyyy-MM-ddTHH:mm:ss.SSS±HH:MM` as the service wrote it. */
  localTime: string;
  buttonIndex: number;
  spam: boolean;
  misuse: boolean;
  snippet: TextSegment[];
  categories: string[];
  themes: string[];
}
