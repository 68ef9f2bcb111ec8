// The shape of a Swift SDK's public API as the verifier keeps it (made by extract-swift-api.ts).

export interface SwiftMember {
  kind: 'func' | 'init' | 'var' | 'case' | 'subscript' | 'typealias';
  name: string;
  /** Argument labels in order (`_` for none). */
  labels?: string[];
  /** Whether each parameter has a default value (and may be left out). */
  defaults?: boolean[];
  /** Each parameter's type as written. */
  parameterTypes?: string[];
  async?: boolean;
  throws?: boolean;
  failable?: boolean;
  /** The declared type of a property, or a function's return type, as written. */
  type?: string;
  returns?: string;
  /** A `@Published` property: its publisher is `$name`. */
  published?: boolean;
  payload?: string;
  static: boolean;
}

export interface SwiftType {
  kind: string;
  module: string;
  inherits: string[];
  members: Record<string, SwiftMember[]>;
}

export interface SwiftApi {
  package: string;
  version: string;
  commit: string;
  madeWith: string;
  filesParsed: number;
  filesWithParseErrors: string[];
  typealiases: Record<string, string>;
  types: Record<string, SwiftType>;
}
