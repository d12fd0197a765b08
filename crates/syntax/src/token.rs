//! The grammar's terminals: what the lexer adapter ([`crate::lexer`]) hands
//! to the generated parser. Tokens are small `Copy` values; literal values
//! live in a side table indexed by [`Tok::Literal`].

use crate::ast::{BuiltinType, Ident};
use oclc_preprocessor::Punct;

/// Keywords of OpenCL C that the grammar names as terminals. Each variant
/// may have several spellings (`__global` and `global` are both
/// [`Kw::Global`]).
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kw {
    If,
    Else,
    For,
    While,
    Do,
    Switch,
    Case,
    Default,
    Break,
    Continue,
    Return,
    Goto,
    Typedef,
    Extern,
    Static,
    Inline,
    Const,
    Volatile,
    Restrict,
    Struct,
    Union,
    Enum,
    Sizeof,
    Pipe,
    Typeof,
    StaticAssert,
    VecStep,
    BuiltinOffsetof,
    /// `__builtin_astype`, clang's reinterpretation (what `as_<type>` is).
    BuiltinAstype,
    /// C11's `_Generic`.
    GenericSelection,
    Alignof,
    Alignas,
    Void,
    Bool,
    Char,
    Short,
    Int,
    Long,
    Float,
    Double,
    Half,
    Signed,
    Unsigned,
    Kernel,
    Global,
    Local,
    Constant,
    Private,
    Generic,
    Attribute,
    /// `read_only`, `write_only`, `read_write` and their `__` spellings.
    Access,
}

impl Kw {
    /// The canonical spelling, for messages.
    pub fn as_str(self) -> &'static str {
        use Kw::*;
        match self {
            If => "if",
            Else => "else",
            For => "for",
            While => "while",
            Do => "do",
            Switch => "switch",
            Case => "case",
            Default => "default",
            Break => "break",
            Continue => "continue",
            Return => "return",
            Goto => "goto",
            Typedef => "typedef",
            Extern => "extern",
            Static => "static",
            Inline => "inline",
            Const => "const",
            Volatile => "volatile",
            Restrict => "restrict",
            Struct => "struct",
            Union => "union",
            Enum => "enum",
            Sizeof => "sizeof",
            Pipe => "pipe",
            Typeof => "__typeof__",
            StaticAssert => "_Static_assert",
            VecStep => "vec_step",
            BuiltinOffsetof => "__builtin_offsetof",
            BuiltinAstype => "__builtin_astype",
            GenericSelection => "_Generic",
            Alignof => "_Alignof",
            Alignas => "_Alignas",
            Void => "void",
            Bool => "bool",
            Char => "char",
            Short => "short",
            Int => "int",
            Long => "long",
            Float => "float",
            Double => "double",
            Half => "half",
            Signed => "signed",
            Unsigned => "unsigned",
            Kernel => "__kernel",
            Global => "__global",
            Local => "__local",
            Constant => "__constant",
            Private => "__private",
            Generic => "__generic",
            Attribute => "__attribute__",
            Access => "read_only",
        }
    }

    /// Whether the keyword can begin a declaration (a specifier, qualifier
    /// or attribute).
    pub fn starts_declaration(self) -> bool {
        use Kw::*;
        matches!(
            self,
            Typedef
                | Extern
                | Static
                | Inline
                | Const
                | Volatile
                | Restrict
                | Struct
                | Union
                | Enum
                | Void
                | Bool
                | Char
                | Short
                | Int
                | Long
                | Float
                | Double
                | Half
                | Signed
                | Unsigned
                | Kernel
                | Global
                | Local
                | Constant
                | Private
                | Generic
                | Attribute
                | Access
                | Pipe
        )
    }

    /// Whether the keyword is a type qualifier or an address space
    /// (`const`, `volatile`, `restrict`, `global`, ...), which may precede
    /// a type name in a declaration.
    pub fn is_qualifier(self) -> bool {
        use Kw::*;
        matches!(
            self,
            Const | Volatile | Restrict | Global | Local | Constant | Private | Generic
        )
    }

    /// Whether the keyword is a basic type specifier (`int`, `unsigned`,
    /// ...), after which a typedef name is a declarator, not a type.
    pub fn is_basic_type(self) -> bool {
        use Kw::*;
        matches!(
            self,
            Void | Bool | Char | Short | Int | Long | Float | Double | Half | Signed | Unsigned
        )
    }
}

/// A type name token: an OpenCL built-in type name (`uint`, `float4`,
/// `atomic_int`) or a user typedef name in scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TypeNameTok {
    /// The name as written.
    pub ident: Ident,
    /// The built-in type, or `None` for a typedef name.
    pub builtin: Option<BuiltinType>,
}

/// A grammar terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    /// An ordinary identifier.
    Ident(Ident),
    /// A type name (built-in or typedef).
    TypeName(TypeNameTok),
    /// A number, character or (concatenated) string literal: index into
    /// the literal table.
    Literal(u32),
    /// A keyword.
    Kw(Kw),
    /// A punctuator.
    Punct(Punct),
}

impl Tok {
    /// Whether the token can begin a declaration.
    pub fn starts_declaration(self) -> bool {
        match self {
            Tok::TypeName(_) => true,
            Tok::Kw(k) => k.starts_declaration(),
            _ => false,
        }
    }

    /// The opening bracket this token is, if any, with its closer.
    pub fn opener(self) -> Option<Punct> {
        match self {
            Tok::Punct(Punct::LParen) => Some(Punct::RParen),
            Tok::Punct(Punct::LBracket) => Some(Punct::RBracket),
            Tok::Punct(Punct::LBrace) => Some(Punct::RBrace),
            _ => None,
        }
    }

    /// Whether this token is a closing bracket.
    pub fn is_closer(self) -> bool {
        matches!(
            self,
            Tok::Punct(Punct::RParen | Punct::RBracket | Punct::RBrace)
        )
    }
}
