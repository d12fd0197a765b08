//! The lexer: one file's text to C99 preprocessing tokens.
//!
//! It works on bytes, removes line continuations (`\` before a newline)
//! wherever they occur, skips white space and comments, and records for
//! every token whether white space preceded it and whether it starts a
//! line. Identifiers and all other spellings are interned; punctuators map
//! to fixed symbols (see [`new_interner`]). It never fails: bytes that form
//! no token become [`TokenKind::Other`], and unterminated comments and
//! literals are reported as diagnostics while lexing continues.

use crate::codes;
use crate::intern::{Interner, Symbol};
use crate::token::{Punct, Token, TokenKind};
use oclc_diagnostics::{Diagnostic, FileId, Span};

/// Every punctuator, in declaration order, so that `ALL_PUNCTS[p as usize] == p`.
const ALL_PUNCTS: [Punct; 48] = {
    use Punct::*;
    [
        LParen, RParen, LBracket, RBracket, LBrace, RBrace, Dot, Arrow, PlusPlus, MinusMinus, Amp,
        Star, Plus, Minus, Tilde, Bang, Slash, Percent, Shl, Shr, Lt, Gt, Le, Ge, EqEq, Ne, Caret,
        Pipe, AmpAmp, PipePipe, Question, Colon, Semi, Ellipsis, Eq, StarEq, SlashEq, PercentEq,
        PlusEq, MinusEq, ShlEq, ShrEq, AmpEq, CaretEq, PipeEq, Comma, Hash, HashHash,
    ]
};

/// An interner that already holds every punctuator spelling, so that
/// [`punct_symbol`] needs no lookup. Every interner whose symbols meet the
/// lexer's must come from here.
pub fn new_interner() -> Interner {
    // Room for the punctuators, the predefined macro names and the
    // identifiers of a typical kernel.
    let mut interner = Interner::with_capacity(512, 8 * 1024);
    for p in ALL_PUNCTS {
        interner.intern(p.as_str());
    }
    interner
}

/// The symbol of a punctuator's spelling in an interner from [`new_interner`].
pub fn punct_symbol(p: Punct) -> Symbol {
    Symbol(p as u32)
}

/// Where a lexer stopped, so that it can resume later on the same text
/// (the engine keeps one per open file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LexState {
    /// The file being lexed.
    pub file: FileId,
    /// Byte offset of the next unread byte.
    pub pos: usize,
    /// Whether the next token is the first on its line.
    pub at_line_start: bool,
    /// Whether unterminated literals go unreported (see [`Lexer::quiet`]).
    pub quiet: bool,
}

impl LexState {
    /// The state at the start of `file`.
    pub fn start(file: FileId) -> Self {
        LexState {
            file,
            pos: 0,
            at_line_start: true,
            quiet: false,
        }
    }
}

/// A lexer over one file. Call [`Lexer::next_token`] until it returns `None`.
pub struct Lexer<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    file: FileId,
    /// Whether the next token is the first on its line.
    at_line_start: bool,
    /// Whether the current token contains a line continuation (its spelling
    /// then differs from its source text).
    spliced: bool,
    /// When set, unterminated literals are not reported (skipped `#if`
    /// groups may hold apostrophes in prose).
    pub quiet: bool,
    /// Whether the last literal lexed was unterminated.
    unterminated: bool,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`, which is the text of `file`.
    pub fn new(text: &'a str, file: FileId) -> Self {
        Lexer::resume(text, LexState::start(file))
    }

    /// A lexer continuing from `state` on `text` (the text of `state.file`).
    pub fn resume(text: &'a str, state: LexState) -> Self {
        // A UTF-8 byte-order mark at the start of a file (as Windows
        // editors save them) is no part of the source, as compilers read it.
        let pos = match state.pos {
            0 if text.starts_with('\u{feff}') => 3,
            pos => pos.min(text.len()),
        };
        Lexer {
            text,
            bytes: text.as_bytes(),
            pos,
            file: state.file,
            at_line_start: state.at_line_start,
            spliced: false,
            quiet: state.quiet,
            unterminated: false,
        }
    }

    /// Where the lexer is now, for [`Lexer::resume`].
    pub fn state(&self) -> LexState {
        LexState {
            file: self.file,
            pos: self.pos,
            at_line_start: self.at_line_start,
            quiet: self.quiet,
        }
    }

    /// The length of a line continuation at `p` (0 if there is none).
    fn splice_len(&self, p: usize) -> usize {
        match self.bytes.get(p..p + 2) {
            Some(b"\\\n") => 2,
            Some(b"\\\r") if self.bytes.get(p + 2) == Some(&b'\n') => 3,
            _ => 0,
        }
    }

    /// The position of the next logical character at or after `p`.
    fn skip_splices_from(&self, mut p: usize) -> usize {
        while self.bytes.get(p) == Some(&b'\\') {
            let n = self.splice_len(p);
            if n == 0 {
                break;
            }
            p += n;
        }
        p
    }

    /// The current logical character, after removing continuations.
    fn peek(&mut self) -> Option<u8> {
        if self.bytes.get(self.pos) == Some(&b'\\') {
            let p = self.skip_splices_from(self.pos);
            if p != self.pos {
                self.spliced = true;
                self.pos = p;
            }
        }
        self.bytes.get(self.pos).copied()
    }

    /// The logical character `n` characters after the current one.
    fn peek_nth(&self, n: usize) -> Option<u8> {
        let mut p = self.skip_splices_from(self.pos);
        for _ in 0..n {
            p = self.skip_splices_from(p + 1);
        }
        self.bytes.get(p).copied()
    }

    /// Consumes `n` logical characters (all ASCII).
    fn bump(&mut self, n: usize) {
        for _ in 0..n {
            self.peek();
            self.pos += 1;
        }
    }

    /// The next token, or `None` at the end of the file. Problems are
    /// appended to `diags`.
    pub fn next_token(
        &mut self,
        interner: &mut Interner,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Token> {
        let leading_space = self.skip_trivia(diags);
        let start_of_line = std::mem::replace(&mut self.at_line_start, false);
        self.spliced = false;
        let start = self.pos;
        let first = self.peek()?;
        let kind = self.lex_token(first, diags);
        let span = Span::new(self.file, start as u32, self.pos as u32);
        let sym = match kind {
            TokenKind::Punct(p) => punct_symbol(p),
            _ => self.intern_spelling(start, interner),
        };
        Some(Token {
            kind,
            sym,
            span,
            expansion: None,
            leading_space,
            start_of_line,
        })
    }

    /// Interns the spelling of the token from `start` to the current
    /// position, without line continuations.
    fn intern_spelling(&self, start: usize, interner: &mut Interner) -> Symbol {
        let raw = self.bytes.get(start..self.pos).unwrap_or_default();
        if !self.spliced {
            return interner.intern(self.text.get(start..self.pos).unwrap_or_default());
        }
        let mut clean = Vec::with_capacity(raw.len());
        let mut i = 0;
        while i < raw.len() {
            let n = self.splice_len(start + i);
            if n > 0 {
                i += n;
            } else {
                clean.push(raw[i]);
                i += 1;
            }
        }
        interner.intern(&String::from_utf8_lossy(&clean))
    }

    /// Skips white space and comments; returns whether any was skipped.
    fn skip_trivia(&mut self, diags: &mut Vec<Diagnostic>) -> bool {
        let mut skipped = false;
        while let Some(b) = self.peek() {
            match b {
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => self.pos += 1,
                b'\n' => {
                    self.pos += 1;
                    self.at_line_start = true;
                }
                b'/' => match self.peek_nth(1) {
                    Some(b'/') => self.skip_line_comment(),
                    Some(b'*') => self.skip_block_comment(diags),
                    _ => return skipped,
                },
                _ => return skipped,
            }
            skipped = true;
        }
        skipped
    }

    /// Skips `// ...` up to (not including) the newline that ends it (a
    /// newline after a continuation backslash does not).
    fn skip_line_comment(&mut self) {
        loop {
            let rest = self.bytes.get(self.pos..).unwrap_or_default();
            let Some(i) = rest.iter().position(|&b| b == b'\n') else {
                self.pos = self.bytes.len();
                return;
            };
            let newline = self.pos + i;
            let before = |back: usize| {
                newline
                    .checked_sub(back)
                    .and_then(|p| self.bytes.get(p))
                    .copied()
            };
            let continued = match before(1) {
                Some(b'\\') => true,
                Some(b'\r') => before(2) == Some(b'\\'),
                _ => false,
            };
            self.pos = newline;
            if !continued {
                return;
            }
            self.pos += 1;
        }
    }

    /// Skips `/* ... */`, reporting an unterminated comment.
    fn skip_block_comment(&mut self, diags: &mut Vec<Diagnostic>) {
        let start = self.pos;
        self.bump(2);
        loop {
            let rest = self.bytes.get(self.pos..).unwrap_or_default();
            match rest.iter().position(|&b| b == b'*') {
                Some(i) => {
                    self.pos += i + 1;
                    if self.peek() == Some(b'/') {
                        self.pos += 1;
                        return;
                    }
                }
                None => {
                    self.pos = self.bytes.len();
                    let span = Span::new(self.file, start as u32, start as u32 + 2);
                    diags.push(
                        Diagnostic::new(&codes::UNTERMINATED_COMMENT, "unterminated `/*` comment")
                            .with_primary(span, "comment starts here")
                            .with_help("close the comment with `*/`"),
                    );
                    return;
                }
            }
        }
    }

    /// Lexes one token whose first logical character is `first`.
    fn lex_token(&mut self, first: u8, diags: &mut Vec<Diagnostic>) -> TokenKind {
        match first {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => self.lex_ident_or_prefixed_literal(diags),
            b'0'..=b'9' => {
                self.lex_number();
                TokenKind::Number
            }
            b'.' if matches!(self.peek_nth(1), Some(b'0'..=b'9')) => {
                self.lex_number();
                TokenKind::Number
            }
            b'\'' => self.lex_quoted(b'\'', diags),
            b'"' => self.lex_quoted(b'"', diags),
            _ => match self.lex_punct(first) {
                Some(p) => TokenKind::Punct(p),
                None => {
                    self.bump_char();
                    TokenKind::Other
                }
            },
        }
    }

    /// Consumes one whole (possibly multi-byte) character.
    fn bump_char(&mut self) {
        let width = self
            .text
            .get(self.pos..)
            .and_then(|rest| rest.chars().next())
            .map_or(1, char::len_utf8);
        self.pos += width;
    }

    /// An identifier, or a literal with an encoding prefix (`L'a'`, `u8"x"`).
    fn lex_ident_or_prefixed_literal(&mut self, diags: &mut Vec<Diagnostic>) -> TokenKind {
        let start = self.pos;
        // Fast path: scan plain identifier bytes; continuations are rare.
        let rest = self.bytes.get(self.pos..).unwrap_or_default();
        self.pos += rest
            .iter()
            .position(|&b| !is_ident_continue(b))
            .unwrap_or(rest.len());
        while let Some(b) = self.peek() {
            if !is_ident_continue(b) {
                break;
            }
            self.pos += 1;
        }
        let len = self.pos - start;
        if len <= 2 {
            if let Some(quote @ (b'\'' | b'"')) = self.peek() {
                let prefix: &[u8] = if self.spliced {
                    b""
                } else {
                    self.bytes.get(start..self.pos).unwrap_or_default()
                };
                let is_prefix =
                    matches!(prefix, b"L" | b"u" | b"U") || (prefix == b"u8" && quote == b'"');
                if is_prefix {
                    return self.lex_quoted(quote, diags);
                }
            }
        }
        TokenKind::Ident
    }

    /// A preprocessing number: digits, letters, `_`, `.`, and signs after
    /// `e`, `E`, `p`, `P`.
    fn lex_number(&mut self) {
        let mut prev = 0u8;
        while let Some(b) = self.peek() {
            let sign_after_exponent =
                matches!(b, b'+' | b'-') && matches!(prev, b'e' | b'E' | b'p' | b'P');
            if !(is_ident_continue(b) || b == b'.' || sign_after_exponent) {
                break;
            }
            self.pos += 1;
            prev = b;
        }
    }

    /// A character or string literal starting at its opening `quote`.
    fn lex_quoted(&mut self, quote: u8, diags: &mut Vec<Diagnostic>) -> TokenKind {
        let start = self.pos;
        self.bump(1);
        loop {
            match self.peek() {
                Some(b) if b == quote => {
                    self.pos += 1;
                    return if quote == b'"' {
                        TokenKind::StringLit
                    } else {
                        TokenKind::CharLit
                    };
                }
                Some(b'\\') => {
                    self.pos += 1;
                    if matches!(self.peek(), Some(b) if b != b'\n') {
                        self.bump_char();
                    }
                }
                None | Some(b'\n') => break,
                Some(_) => self.bump_char(),
            }
        }
        self.unterminated = true;
        if !self.quiet {
            let what = if quote == b'"' { '"' } else { '\'' };
            let span = Span::new(self.file, start as u32, self.pos as u32);
            diags.push(
                Diagnostic::new(
                    &codes::UNTERMINATED_LITERAL,
                    format!("missing terminating `{what}` character"),
                )
                .with_primary(span, "literal is not closed on this line")
                .with_suggestion(
                    format!("add the closing `{what}`"),
                    span.end_point(),
                    what.to_string(),
                ),
            );
        }
        TokenKind::Other
    }

    /// A punctuator starting with `first` (maximal munch), consumed; `None`
    /// if `first` starts none.
    fn lex_punct(&mut self, first: u8) -> Option<Punct> {
        use Punct::*;
        let second = self.peek_nth(1);
        let (p, len) = match (first, second) {
            (b'(', _) => (LParen, 1),
            (b')', _) => (RParen, 1),
            (b'[', _) => (LBracket, 1),
            (b']', _) => (RBracket, 1),
            (b'{', _) => (LBrace, 1),
            (b'}', _) => (RBrace, 1),
            (b'~', _) => (Tilde, 1),
            (b'?', _) => (Question, 1),
            (b';', _) => (Semi, 1),
            (b',', _) => (Comma, 1),
            (b'.', Some(b'.')) if self.peek_nth(2) == Some(b'.') => (Ellipsis, 3),
            (b'.', _) => (Dot, 1),
            (b'-', Some(b'>')) => (Arrow, 2),
            (b'-', Some(b'-')) => (MinusMinus, 2),
            (b'-', Some(b'=')) => (MinusEq, 2),
            (b'-', _) => (Minus, 1),
            (b'+', Some(b'+')) => (PlusPlus, 2),
            (b'+', Some(b'=')) => (PlusEq, 2),
            (b'+', _) => (Plus, 1),
            (b'&', Some(b'&')) => (AmpAmp, 2),
            (b'&', Some(b'=')) => (AmpEq, 2),
            (b'&', _) => (Amp, 1),
            (b'|', Some(b'|')) => (PipePipe, 2),
            (b'|', Some(b'=')) => (PipeEq, 2),
            (b'|', _) => (Pipe, 1),
            (b'*', Some(b'=')) => (StarEq, 2),
            (b'*', _) => (Star, 1),
            (b'/', Some(b'=')) => (SlashEq, 2),
            (b'/', _) => (Slash, 1),
            (b'^', Some(b'=')) => (CaretEq, 2),
            (b'^', _) => (Caret, 1),
            (b'!', Some(b'=')) => (Ne, 2),
            (b'!', _) => (Bang, 1),
            (b'=', Some(b'=')) => (EqEq, 2),
            (b'=', _) => (Eq, 1),
            (b':', Some(b'>')) => (RBracket, 2),
            (b':', _) => (Colon, 1),
            (b'#', Some(b'#')) => (HashHash, 2),
            (b'#', _) => (Hash, 1),
            (b'%', Some(b':')) => {
                if self.peek_nth(2) == Some(b'%') && self.peek_nth(3) == Some(b':') {
                    (HashHash, 4)
                } else {
                    (Hash, 2)
                }
            }
            (b'%', Some(b'>')) => (RBrace, 2),
            (b'%', Some(b'=')) => (PercentEq, 2),
            (b'%', _) => (Percent, 1),
            (b'<', Some(b'<')) if self.peek_nth(2) == Some(b'=') => (ShlEq, 3),
            (b'<', Some(b'<')) => (Shl, 2),
            (b'<', Some(b'=')) => (Le, 2),
            (b'<', Some(b':')) => (LBracket, 2),
            (b'<', Some(b'%')) => (LBrace, 2),
            (b'<', _) => (Lt, 1),
            (b'>', Some(b'>')) if self.peek_nth(2) == Some(b'=') => (ShrEq, 3),
            (b'>', Some(b'>')) => (Shr, 2),
            (b'>', Some(b'=')) => (Ge, 2),
            (b'>', _) => (Gt, 1),
            _ => return None,
        };
        self.bump(len);
        Some(p)
    }
}

/// Whether `b` may continue an identifier.
fn is_ident_continue(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Lexes `text` as a single token (for `##`): its kind, or `None` when the
/// text is not exactly one preprocessing token.
pub fn lex_single(text: &str) -> Option<TokenKind> {
    let mut interner = Interner::new();
    let mut diags = Vec::new();
    let mut lexer = Lexer::new(text, FileId(0));
    lexer.quiet = true;
    let first = lexer.next_token(&mut interner, &mut diags)?;
    let whole = first.span.start == 0 && first.span.end as usize == text.len();
    (whole && diags.is_empty() && !lexer.unterminated && !first.leading_space).then_some(first.kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lexes `text`, returning (kind, spelling) pairs and the diagnostics.
    fn lex(text: &str) -> (Vec<(TokenKind, String)>, Vec<Diagnostic>) {
        let mut interner = new_interner();
        let mut diags = Vec::new();
        let mut lexer = Lexer::new(text, FileId(0));
        let mut out = Vec::new();
        while let Some(t) = lexer.next_token(&mut interner, &mut diags) {
            out.push((t.kind, interner.get(t.sym).to_string()));
        }
        (out, diags)
    }

    fn spellings(text: &str) -> Vec<String> {
        lex(text).0.into_iter().map(|(_, s)| s).collect()
    }

    #[test]
    fn punct_symbols_match_spellings() {
        let interner = new_interner();
        for p in ALL_PUNCTS {
            assert_eq!(interner.get(punct_symbol(p)), p.as_str());
        }
    }

    #[test]
    fn identifiers_numbers_and_punctuators() {
        let (tokens, diags) = lex("int x = a->b + 1.5e+3f; y <<= 0x1p-3 ... ## 10ul .5");
        assert!(diags.is_empty());
        let kinds: Vec<_> = tokens.iter().map(|(k, _)| *k).collect();
        use crate::token::Punct::*;
        use TokenKind::{Ident, Number, Punct};
        assert_eq!(
            kinds,
            vec![
                Ident,
                Ident,
                Punct(Eq),
                Ident,
                Punct(Arrow),
                Ident,
                Punct(Plus),
                Number,
                Punct(Semi),
                Ident,
                Punct(ShlEq),
                Number,
                Punct(Ellipsis),
                Punct(HashHash),
                Number,
                Number,
            ]
        );
        assert_eq!(tokens[7].1, "1.5e+3f");
        assert_eq!(tokens[11].1, "0x1p-3");
    }

    #[test]
    fn comments_and_continuations() {
        assert_eq!(spellings("a /* x */ b // c\nd"), ["a", "b", "d"]);
        assert_eq!(spellings("ab\\\ncd e\\\r\nf"), ["abcd", "ef"]);
        assert_eq!(spellings("a // comment \\\n still comment\nb"), ["a", "b"]);
        assert_eq!(spellings("a /\\\n* c *\\\n/ b"), ["a", "b"]);
    }

    #[test]
    fn line_flags() {
        let mut interner = new_interner();
        let mut diags = Vec::new();
        let mut lexer = Lexer::new("a b\n  c", FileId(3));
        let a = lexer.next_token(&mut interner, &mut diags).unwrap();
        let b = lexer.next_token(&mut interner, &mut diags).unwrap();
        let c = lexer.next_token(&mut interner, &mut diags).unwrap();
        assert!(a.start_of_line && !a.leading_space);
        assert!(!b.start_of_line && b.leading_space);
        assert!(c.start_of_line && c.leading_space);
        assert_eq!(c.span, Span::new(FileId(3), 6, 7));
    }

    #[test]
    fn literals() {
        let (tokens, diags) = lex(r#"'a' '\'' "x\"y" L'b' u8"s" u"t" U'c' L"#);
        assert!(diags.is_empty());
        let kinds: Vec<_> = tokens.iter().map(|(k, _)| *k).collect();
        use TokenKind::*;
        assert_eq!(
            kinds,
            [CharLit, CharLit, StringLit, CharLit, StringLit, StringLit, CharLit, Ident]
        );
        assert_eq!(tokens[2].1, r#""x\"y""#);
    }

    #[test]
    fn unterminated_things_are_reported() {
        let (tokens, diags) = lex("a 'b\nc \"d\ne /* f");
        assert_eq!(diags.len(), 3);
        assert_eq!(diags[0].code.id, "E0102");
        assert_eq!(diags[2].code.id, "E0101");
        assert_eq!(tokens.len(), 5);
        assert_eq!(tokens[1].0, TokenKind::Other);
    }

    #[test]
    fn other_characters() {
        let (tokens, diags) = lex("@ $ ` \\ é\0");
        assert!(diags.is_empty());
        assert!(tokens.iter().all(|(k, _)| *k == TokenKind::Other));
        assert_eq!(tokens.len(), 6);
        assert_eq!(tokens[4].1, "é");
    }

    #[test]
    fn digraphs() {
        let (tokens, _) = lex("<: :> <% %> %: %:%:");
        let kinds: Vec<_> = tokens.iter().map(|(k, _)| *k).collect();
        use Punct::*;
        use TokenKind::Punct as P;
        assert_eq!(
            kinds,
            [
                P(LBracket),
                P(RBracket),
                P(LBrace),
                P(RBrace),
                P(Hash),
                P(HashHash)
            ]
        );
    }

    #[test]
    fn single_token_check() {
        assert_eq!(lex_single("ab"), Some(TokenKind::Ident));
        assert_eq!(lex_single("+="), Some(TokenKind::Punct(Punct::PlusEq)));
        assert_eq!(lex_single("+-"), None);
        assert_eq!(lex_single("//"), None);
        assert_eq!(lex_single("'a"), None);
        assert_eq!(lex_single(""), None);
    }

    /// A fixed-seed xorshift generator.
    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn random_bytes_never_panic() {
        let alphabet = b"ab1.e+-'\"\\\n\r/*#%:<>@ \0x";
        let mut state = 0x2545_f491_4f6c_dd1d;
        for _ in 0..2000 {
            let len = (xorshift(&mut state) % 40) as usize;
            let bytes: Vec<u8> = (0..len)
                .map(|_| alphabet[(xorshift(&mut state) % alphabet.len() as u64) as usize])
                .collect();
            let text = String::from_utf8_lossy(&bytes);
            let (tokens, _) = lex(&text);
            assert!(tokens.len() <= text.len());
        }
    }
}
