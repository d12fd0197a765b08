//! Preprocessing tokens: what the preprocessor produces and the parser reads.

use crate::intern::Symbol;
use oclc_diagnostics::Span;

/// The kind of a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// An identifier or keyword; the parser decides which from its text.
    Ident,
    /// A preprocessing number (`12`, `0x1fu`, `1.5e-3f`, `0x1p3`); the parser
    /// classifies it as an integer or floating literal.
    Number,
    /// A character literal including its quotes, e.g. `'a'`.
    CharLit,
    /// A string literal including its quotes.
    StringLit,
    /// A punctuator.
    Punct(Punct),
    /// A byte sequence that forms no token (a stray `@`, `$`, `` ` ``, or `\`).
    /// The preprocessor passes it on; the parser reports it.
    Other,
}

/// Punctuators of C99 / OpenCL C.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Punct {
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Dot,
    Arrow,
    PlusPlus,
    MinusMinus,
    Amp,
    Star,
    Plus,
    Minus,
    Tilde,
    Bang,
    Slash,
    Percent,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    EqEq,
    Ne,
    Caret,
    Pipe,
    AmpAmp,
    PipePipe,
    Question,
    Colon,
    Semi,
    Ellipsis,
    Eq,
    StarEq,
    SlashEq,
    PercentEq,
    PlusEq,
    MinusEq,
    ShlEq,
    ShrEq,
    AmpEq,
    CaretEq,
    PipeEq,
    Comma,
    Hash,
    HashHash,
}

impl Punct {
    /// The punctuator's spelling.
    pub fn as_str(self) -> &'static str {
        use Punct::*;
        match self {
            LParen => "(",
            RParen => ")",
            LBracket => "[",
            RBracket => "]",
            LBrace => "{",
            RBrace => "}",
            Dot => ".",
            Arrow => "->",
            PlusPlus => "++",
            MinusMinus => "--",
            Amp => "&",
            Star => "*",
            Plus => "+",
            Minus => "-",
            Tilde => "~",
            Bang => "!",
            Slash => "/",
            Percent => "%",
            Shl => "<<",
            Shr => ">>",
            Lt => "<",
            Gt => ">",
            Le => "<=",
            Ge => ">=",
            EqEq => "==",
            Ne => "!=",
            Caret => "^",
            Pipe => "|",
            AmpAmp => "&&",
            PipePipe => "||",
            Question => "?",
            Colon => ":",
            Semi => ";",
            Ellipsis => "...",
            Eq => "=",
            StarEq => "*=",
            SlashEq => "/=",
            PercentEq => "%=",
            PlusEq => "+=",
            MinusEq => "-=",
            ShlEq => "<<=",
            ShrEq => ">>=",
            AmpEq => "&=",
            CaretEq => "^=",
            PipeEq => "|=",
            Comma => ",",
            Hash => "#",
            HashHash => "##",
        }
    }
}

/// Index into [`crate::Preprocessed::expansions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ExpansionId(pub u32);

/// One token after preprocessing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Its spelling (for punctuators too), interned.
    pub sym: Symbol,
    /// Where a diagnostic about it should point: its own spelling when it
    /// was written in the file (also for macro arguments), or the whole
    /// macro invocation when it came from a macro's replacement list.
    pub span: Span,
    /// The outermost macro expansion this token came from, if any.
    pub expansion: Option<ExpansionId>,
    /// Whether white space preceded it (for `-E` output and stringizing).
    pub leading_space: bool,
    /// Whether it is the first token on its source line (for `-E` output).
    pub start_of_line: bool,
}

/// A macro expansion as the user wrote it: the invocation and the
/// definition it used. Diagnostics inside an expansion point at `use_span`
/// and add "in expansion of macro `name`" with `def_span`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion {
    /// The macro's name.
    pub name: Symbol,
    /// The invocation: the name, or the name through the closing `)`.
    pub use_span: Span,
    /// The `#define` line's macro name (or the command line / builtin
    /// pseudo-file for predefined macros).
    pub def_span: Span,
    /// Whether any token of the output came from it (expansions in `#if`
    /// lines, and expansions to nothing, produce none). Recorded here so
    /// that nothing after parsing needs the token stream.
    pub produced_tokens: bool,
}
