//! The abstract syntax tree: what the grammar builds, with a [`Span`] on
//! every node. It keeps C's declaration syntax (specifiers plus declarators);
//! semantic analysis turns that into types.
//!
//! Nesting is bounded: the constructors in this module ([`Expr::new`],
//! [`Stmt::new`]) track depth and the parser replaces any node deeper than
//! [`MAX_DEPTH`] with an error node and a diagnostic, so recursive walkers
//! and `Drop` never overflow the stack.

use oclc_diagnostics::Span;
use oclc_preprocessor::Symbol;

/// Deepest expression or statement nesting accepted.
pub const MAX_DEPTH: u32 = 512;

/// An identifier with its span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ident {
    /// Interned name.
    pub name: Symbol,
    /// Where it was written.
    pub span: Span,
}

/// A whole translation unit.
#[derive(Clone, Debug, Default)]
pub struct TranslationUnit {
    /// Top-level declarations and function definitions, in order.
    pub items: Vec<Item>,
}

/// A top-level item.
#[derive(Clone, Debug)]
pub enum Item {
    /// A function with a body.
    Function(FunctionDef),
    /// A declaration: variables, prototypes, typedefs, or a bare
    /// `struct`/`union`/`enum` definition.
    Declaration(Declaration),
    /// `_Static_assert(condition, "message");`.
    StaticAssert(StaticAssert),
    /// An item the parser could not read (errors already reported).
    Error(Span),
}

/// `_Static_assert(condition[, message]);` at file or block scope.
#[derive(Clone, Debug)]
pub struct StaticAssert {
    /// The integer constant expression that must be nonzero.
    pub cond: Expr,
    /// The message (a string literal).
    pub message: Option<Expr>,
    /// Through the `;`.
    pub span: Span,
}

/// `__attribute__((name(args)))`.
#[derive(Clone, Debug)]
pub struct Attribute {
    /// The attribute's name, e.g. `reqd_work_group_size`.
    pub name: Ident,
    /// Its arguments (constant expressions or type names parsed as
    /// expressions).
    pub args: Vec<Expr>,
    /// The whole attribute.
    pub span: Span,
}

/// Storage-class specifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StorageClass {
    /// `typedef`.
    Typedef,
    /// `extern`.
    Extern,
    /// `static`.
    Static,
}

/// OpenCL address-space qualifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AddressSpace {
    /// `__private` / `private`.
    Private,
    /// `__global` / `global`.
    Global,
    /// `__local` / `local`.
    Local,
    /// `__constant` / `constant`.
    Constant,
    /// `__generic` / `generic`.
    Generic,
}

/// Type qualifiers, with the span of each one written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Qualifiers {
    /// `const`.
    pub const_: Option<Span>,
    /// `volatile`.
    pub volatile: Option<Span>,
    /// `restrict`.
    pub restrict: Option<Span>,
    /// An address space and where it was written.
    pub address_space: Option<(AddressSpace, Span)>,
}

/// Scalar and OpenCL built-in type names after combining the keywords
/// (`unsigned long int` is [`BuiltinType::ULong`]).
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BuiltinType {
    Void,
    Bool,
    Char,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    Half,
    Float,
    Double,
    SizeT,
    PtrdiffT,
    IntptrT,
    UintptrT,
    AtomicInt,
    AtomicUInt,
    AtomicLong,
    AtomicULong,
    AtomicHalf,
    AtomicFloat,
    AtomicDouble,
    AtomicIntptrT,
    AtomicUintptrT,
    AtomicSizeT,
    AtomicPtrdiffT,
    AtomicFlag,
    MemoryOrder,
    MemoryScope,
    ClMemFenceFlags,
    /// A vector such as `int4`: element type and width (2, 3, 4, 8, 16).
    Vector(VectorElem, u8),
    /// `image1d_t`, `image2d_t`, ... (the name as written).
    Image(ImageType),
    /// `sampler_t`.
    Sampler,
    /// `event_t`.
    Event,
    ReserveId,
}

/// Element types of vector type names.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VectorElem {
    Char,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    Half,
    Float,
    Double,
}

/// Image type names.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImageType {
    Image1d,
    Image1dArray,
    Image1dBuffer,
    Image2d,
    Image2dArray,
    Image2dDepth,
    Image2dArrayDepth,
    Image3d,
}

/// A type specifier.
#[derive(Clone, Debug)]
pub enum TypeSpec {
    /// A built-in type name.
    Builtin(BuiltinType, Span),
    /// A typedef name.
    Typedef(Ident),
    /// `struct`/`union`, with or without a body.
    Record(RecordSpec),
    /// `enum`, with or without a body.
    Enum(EnumSpec),
    /// `__typeof__(expr)` or `__typeof__(type)` (a GNU extension clang
    /// accepts).
    Typeof(Box<Typeof>, Span),
}

/// The operand of `__typeof__`.
#[derive(Clone, Debug)]
pub enum Typeof {
    /// An expression, not evaluated.
    Expr(Expr),
    /// A type name.
    Type(Box<TypeName>),
}

/// `struct` or `union`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordKind {
    /// `struct`.
    Struct,
    /// `union`.
    Union,
}

/// `struct tag { fields }`, `struct tag`, or `struct { fields }`.
#[derive(Clone, Debug)]
pub struct RecordSpec {
    /// Struct or union.
    pub kind: RecordKind,
    /// The tag, if named.
    pub tag: Option<Ident>,
    /// The member declarations; `None` for a reference to a tag.
    pub fields: Option<Vec<Declaration>>,
    /// Attributes such as `packed` or `aligned`.
    pub attributes: Vec<Attribute>,
    /// From the keyword to the closing brace or the tag.
    pub span: Span,
}

/// `enum tag { A, B = 3 }` or `enum tag`.
#[derive(Clone, Debug)]
pub struct EnumSpec {
    /// The tag, if named.
    pub tag: Option<Ident>,
    /// The enumerators; `None` for a reference to a tag.
    pub enumerators: Option<Vec<Enumerator>>,
    /// Attributes written after the `enum` keyword (`packed`).
    pub attributes: Vec<Attribute>,
    /// From the keyword to the closing brace or the tag.
    pub span: Span,
}

/// One enumerator.
#[derive(Clone, Debug)]
pub struct Enumerator {
    /// Its name.
    pub name: Ident,
    /// Its explicit value.
    pub value: Option<Expr>,
}

/// Declaration specifiers: everything before the declarators.
#[derive(Clone, Debug)]
pub struct DeclSpecs {
    /// `typedef`, `extern`, `static`.
    pub storage: Option<(StorageClass, Span)>,
    /// `__kernel` / `kernel` (with its span).
    pub kernel: Option<Span>,
    /// `inline`.
    pub inline: Option<Span>,
    /// `pipe`: the type is a pipe of packets of the specified type.
    pub pipe: Option<Span>,
    /// Qualifiers applying to the base type.
    pub qualifiers: Qualifiers,
    /// The type.
    pub ty: TypeSpec,
    /// `__attribute__((...))` written among the specifiers.
    pub attributes: Vec<Attribute>,
    /// All specifiers.
    pub span: Span,
}

/// One step of a declarator, read from the name outward.
#[derive(Clone, Debug)]
pub enum DerivedDecl {
    /// `* quals`.
    Pointer(Qualifiers, Span),
    /// `[size]` or `[]`.
    Array(Option<Box<Expr>>, Span),
    /// `(params)`.
    Function(FunctionParams, Span),
}

/// A function's parameter list.
#[derive(Clone, Debug)]
pub struct FunctionParams {
    /// The parameters (empty for `()` and `(void)`).
    pub params: Vec<ParamDecl>,
    /// Whether it was written `(void)`.
    pub explicit_void: bool,
    /// Whether it ends in `...`.
    pub variadic: bool,
}

/// One parameter.
#[derive(Clone, Debug)]
pub struct ParamDecl {
    /// Its specifiers.
    pub specs: Box<DeclSpecs>,
    /// Its declarator (the name may be absent in a prototype).
    pub declarator: Declarator,
    /// The whole parameter.
    pub span: Span,
}

/// A declarator: an optional name plus pointer/array/function derivations.
/// `derived` lists derivations from the innermost (next to the name)
/// outward, so `int *a[4]` is `[Array(4), Pointer]` — "a is an array of 4
/// pointers to int".
#[derive(Clone, Debug)]
pub struct Declarator {
    /// The declared name (absent in abstract declarators).
    pub name: Option<Ident>,
    /// Derivations, innermost first.
    pub derived: Vec<DerivedDecl>,
    /// Attributes written in the declarator.
    pub attributes: Vec<Attribute>,
    /// The whole declarator.
    pub span: Span,
}

/// A declarator with its optional initializer.
#[derive(Clone, Debug)]
pub struct InitDeclarator {
    /// The declarator.
    pub declarator: Declarator,
    /// `= init`.
    pub init: Option<Initializer>,
    /// Declarator and initializer.
    pub span: Span,
}

/// An initializer.
#[derive(Clone, Debug)]
pub enum Initializer {
    /// `= expr`.
    Expr(Expr),
    /// `= { a, .x = b, [2] = c }`.
    List(Vec<InitItem>, Span),
}

impl Initializer {
    /// The deepest expression in it.
    pub fn depth(&self) -> u32 {
        match self {
            Initializer::Expr(e) => e.depth,
            Initializer::List(items, _) => items.iter().map(|i| i.init.depth()).max().unwrap_or(0),
        }
    }

    /// The initializer's span.
    pub fn span(&self) -> Span {
        match self {
            Initializer::Expr(e) => e.span,
            Initializer::List(_, s) => *s,
        }
    }
}

/// One element of an initializer list.
#[derive(Clone, Debug)]
pub struct InitItem {
    /// `.field` / `[index]` designators.
    pub designators: Vec<Designator>,
    /// The value.
    pub init: Initializer,
}

/// One association of a `_Generic` selection.
#[derive(Clone, Debug)]
pub struct GenericAssoc {
    /// The type, or `None` for `default`.
    pub ty: Option<Box<TypeName>>,
    /// The expression chosen for it.
    pub expr: Expr,
    /// The whole association.
    pub span: Span,
}

/// A designator in an initializer list.
#[derive(Clone, Debug)]
pub enum Designator {
    /// `.name`.
    Field(Ident),
    /// `[index]`.
    Index(Expr),
    /// `[first ... last]` (GNU): every index from `first` to `last`.
    Range(Expr, Expr),
}

/// A declaration: specifiers and zero or more declarators.
#[derive(Clone, Debug)]
pub struct Declaration {
    /// Specifiers.
    pub specs: Box<DeclSpecs>,
    /// Declarators with initializers.
    pub declarators: Vec<InitDeclarator>,
    /// Through the `;`.
    pub span: Span,
}

/// A function definition.
#[derive(Clone, Debug)]
pub struct FunctionDef {
    /// Specifiers (return type, `__kernel`, attributes).
    pub specs: Box<DeclSpecs>,
    /// The declarator, whose outermost derivation is the parameter list.
    pub declarator: Declarator,
    /// The body.
    pub body: Block,
    /// The whole definition.
    pub span: Span,
    /// Names the definition assigns, increments, decrements or takes the
    /// address of (through parentheses, members and indexing of array
    /// members), sorted and without repeats: parameters among them need a
    /// private copy. Recorded as the parser builds the expressions, so no
    /// pass over the tree is needed.
    pub mutated: Vec<Symbol>,
}

/// `{ ... }`.
#[derive(Clone, Debug)]
pub struct Block {
    /// Statements and declarations in order.
    pub stmts: Vec<Stmt>,
    /// Braces included.
    pub span: Span,
}

/// A statement.
#[derive(Clone, Debug)]
pub struct Stmt {
    /// What it is.
    pub kind: StmtKind,
    /// Where.
    pub span: Span,
    /// Nesting depth (1 for a leaf); see [`MAX_DEPTH`].
    pub depth: u32,
}

/// A request about unrolling written before a loop: a hint for the
/// driver (`OpLoopMerge`'s loop control), never a change of meaning.
#[derive(Clone, Debug)]
pub enum LoopHint {
    /// `#pragma unroll`, `#pragma unroll N` or `#pragma nounroll` (its count
    /// already checked by the preprocessor), with the pragma's span.
    Pragma(oclc_preprocessor::LoopPragmaKind, Span),
    /// An attribute before the loop, such as
    /// `__attribute__((opencl_unroll_hint(N)))`; semantic analysis checks
    /// its arguments.
    Attribute(Attribute),
}

/// Statement kinds.
#[derive(Clone, Debug)]
pub enum StmtKind {
    /// A local declaration.
    Decl(Declaration),
    /// `_Static_assert(...)` in a block.
    StaticAssert(StaticAssert),
    /// `expr;`.
    Expr(Expr),
    /// `;`.
    Empty,
    /// `{ ... }`.
    Block(Block),
    /// `if (cond) then else otherwise`.
    If {
        /// Condition.
        cond: Expr,
        /// Then branch.
        then: Box<Stmt>,
        /// Else branch.
        otherwise: Option<Box<Stmt>>,
    },
    /// `while (cond) body`.
    While {
        /// Condition.
        cond: Expr,
        /// Body.
        body: Box<Stmt>,
        /// Unrolling requests written before it.
        hints: Vec<LoopHint>,
    },
    /// `do body while (cond);`.
    DoWhile {
        /// Body.
        body: Box<Stmt>,
        /// Condition.
        cond: Expr,
        /// Unrolling requests written before it.
        hints: Vec<LoopHint>,
    },
    /// `for (init; cond; step) body`.
    For {
        /// A declaration or expression statement (or empty).
        init: Option<Box<Stmt>>,
        /// Condition.
        cond: Option<Expr>,
        /// Step.
        step: Option<Expr>,
        /// Body.
        body: Box<Stmt>,
        /// Unrolling requests written before it.
        hints: Vec<LoopHint>,
    },
    /// `switch (value) body`.
    Switch {
        /// The controlling value.
        value: Expr,
        /// Body (usually a block with `case` labels).
        body: Box<Stmt>,
    },
    /// `case value: stmt` (or `case value ... high: stmt`, a GNU range).
    Case {
        /// The label's constant (the range's low end).
        value: Expr,
        /// The range's high end, for `case low ... high:`.
        high: Option<Expr>,
        /// The labelled statement.
        body: Box<Stmt>,
    },
    /// `default: stmt`.
    Default(Box<Stmt>),
    /// `break;`.
    Break,
    /// `continue;`.
    Continue,
    /// `return value;`.
    Return(Option<Expr>),
    /// A statement oclc parses but does not support (`goto`, labels); the
    /// string names the construct for the "not supported by oclc yet"
    /// diagnostic.
    Unsupported(&'static str),
    /// `goto label;`.
    Goto(Ident),
    /// `label: statement`.
    Labeled(Ident, Box<Stmt>),
    /// A statement the parser could not read (already reported).
    Error,
}

impl Stmt {
    /// The deepest expression in this statement and the statements it
    /// contains (for the depth of a statement expression).
    pub fn expr_depth(&self) -> u32 {
        let e = |x: &Expr| x.depth;
        let s = |x: &Stmt| x.expr_depth();
        let o = |x: &Option<Expr>| x.as_ref().map_or(0, e);
        match &self.kind {
            StmtKind::Decl(decl) => decl
                .declarators
                .iter()
                .filter_map(|d| d.init.as_ref())
                .map(Initializer::depth)
                .max()
                .unwrap_or(0),
            StmtKind::Expr(x) | StmtKind::Switch { value: x, .. } => {
                let body = match &self.kind {
                    StmtKind::Switch { body, .. } => s(body),
                    _ => 0,
                };
                e(x).max(body)
            }
            StmtKind::Block(b) => b.stmts.iter().map(s).max().unwrap_or(0),
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => e(cond).max(s(then)).max(otherwise.as_deref().map_or(0, s)),
            StmtKind::While { cond, body, .. } | StmtKind::DoWhile { body, cond, .. } => {
                e(cond).max(s(body))
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
                ..
            } => init
                .as_deref()
                .map_or(0, s)
                .max(o(cond))
                .max(o(step))
                .max(s(body)),
            StmtKind::Case { value, high, body } => e(value).max(o(high)).max(s(body)),
            StmtKind::Default(body) | StmtKind::Labeled(_, body) => s(body),
            StmtKind::Return(value) => o(value),
            _ => 0,
        }
    }

    /// A statement with its depth computed from its children.
    pub fn new(kind: StmtKind, span: Span) -> Stmt {
        let child = |s: &Stmt| s.depth;
        let depth = 1 + match &kind {
            StmtKind::Block(b) => b.stmts.iter().map(child).max().unwrap_or(0),
            StmtKind::If {
                then, otherwise, ..
            } => child(then).max(otherwise.as_deref().map_or(0, child)),
            StmtKind::While { body, .. }
            | StmtKind::DoWhile { body, .. }
            | StmtKind::Switch { body, .. }
            | StmtKind::Case { body, .. }
            | StmtKind::Default(body)
            | StmtKind::Labeled(_, body) => child(body),
            StmtKind::For { init, body, .. } => child(body).max(init.as_deref().map_or(0, child)),
            _ => 0,
        };
        Stmt { kind, span, depth }
    }
}

impl Drop for Expr {
    /// Drops the tree with an explicit stack: a left-associative chain may
    /// be far deeper than the nesting limit, and the default drop recurses.
    fn drop(&mut self) {
        // Most binary nodes have no binary operand: their operands drop
        // normally (recursing one level), with no stack to allocate.
        let ExprKind::Binary(_, a, b) = &self.kind else {
            return;
        };
        if !matches!(a.kind, ExprKind::Binary(..)) && !matches!(b.kind, ExprKind::Binary(..)) {
            return;
        }
        #[allow(clippy::vec_box)]
        let mut stack: Vec<Box<Expr>> = Vec::new();
        take_children(&mut self.kind, &mut stack);
        while let Some(mut child) = stack.pop() {
            take_children(&mut child.kind, &mut stack);
        }
    }
}

/// Moves the boxed operands of a binary chain out of `kind` onto `stack`
/// (other nodes are bounded by the nesting limit and drop normally).
// The boxes move out of the tree as they are: no operand is copied.
#[allow(clippy::vec_box)]
fn take_children(kind: &mut ExprKind, stack: &mut Vec<Box<Expr>>) {
    if let ExprKind::Binary(..) = kind {
        if let ExprKind::Binary(_, a, b) = std::mem::replace(kind, ExprKind::Error) {
            stack.push(a);
            stack.push(b);
        }
    }
}

/// Binary operators (not assignment).
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    LogicalAnd,
    LogicalOr,
}

impl BinaryOp {
    /// Whether chains of this operator (`a + b - c`, `a * b / c`, …) are
    /// followed iteratively rather than counted as nesting: the arithmetic,
    /// shift and bitwise operators (comparisons and `&&`/`||` are not).
    pub fn chains(self) -> bool {
        use BinaryOp::*;
        matches!(
            self,
            Mul | Div | Rem | Add | Sub | Shl | Shr | BitAnd | BitXor | BitOr
        )
    }
}

impl BinaryOp {
    /// The operator's spelling.
    pub fn as_str(self) -> &'static str {
        use BinaryOp::*;
        match self {
            Mul => "*",
            Div => "/",
            Rem => "%",
            Add => "+",
            Sub => "-",
            Shl => "<<",
            Shr => ">>",
            Lt => "<",
            Gt => ">",
            Le => "<=",
            Ge => ">=",
            Eq => "==",
            Ne => "!=",
            BitAnd => "&",
            BitXor => "^",
            BitOr => "|",
            LogicalAnd => "&&",
            LogicalOr => "||",
        }
    }
}

/// Unary operators.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    Plus,
    Neg,
    Not,
    BitNot,
    Deref,
    AddrOf,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

/// A type name as in casts and `sizeof(type)`.
#[derive(Clone, Debug)]
pub struct TypeName {
    /// Specifiers.
    pub specs: Box<DeclSpecs>,
    /// An abstract declarator.
    pub declarator: Declarator,
    /// The whole type name.
    pub span: Span,
}

/// Literal values as written.
#[derive(Clone, Debug, PartialEq)]
pub enum Literal {
    /// An integer literal: value (wrapped to 64 bits) and suffix.
    Int {
        /// The value.
        value: u64,
        /// `u`/`U` suffix.
        unsigned: bool,
        /// `l`/`L`/`ll` suffix.
        long: bool,
        /// Written in hex or octal (affects the literal's type in C).
        non_decimal: bool,
    },
    /// A floating literal.
    Float {
        /// The value.
        value: f64,
        /// `f`/`F` suffix.
        single: bool,
        /// `h`/`H` suffix (half).
        half: bool,
    },
    /// A character literal's value.
    Char(u32),
    /// A string literal's bytes (without the terminating NUL).
    String(Vec<u8>),
}

/// An expression.
#[derive(Clone, Debug)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where.
    pub span: Span,
    /// Nesting depth (1 for a leaf); see [`MAX_DEPTH`].
    pub depth: u32,
}

/// Expression kinds.
#[derive(Clone, Debug)]
pub enum ExprKind {
    /// A name.
    Ident(Ident),
    /// A literal.
    Literal(Literal),
    /// `(e)` — kept so fixes and diagnostics can see the parentheses.
    Paren(Box<Expr>),
    /// `f(args)`.
    Call(Box<Expr>, Vec<Expr>),
    /// `a[i]`.
    Index(Box<Expr>, Box<Expr>),
    /// `a.field`.
    Member(Box<Expr>, Ident),
    /// `a->field`.
    Arrow(Box<Expr>, Ident),
    /// Prefix and postfix unary operators.
    Unary(UnaryOp, Box<Expr>),
    /// `a op b`.
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// `a = b` (`None`) or `a op= b`.
    Assign(Option<BinaryOp>, Box<Expr>, Box<Expr>),
    /// `c ? a : b`.
    Conditional(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `c ?: b`, GNU's conditional with the middle operand left out (`c`
    /// evaluated once).
    Elvis(Box<Expr>, Box<Expr>),
    /// `({ stmt; …; e; })`, GNU's statement expression: the block's
    /// statements, then the value of its last expression statement.
    StmtExpr(Box<Block>),
    /// `(type) e`.
    Cast(Box<TypeName>, Box<Expr>),
    /// `(type){ ... }` — parsed, reported as not supported yet.
    CompoundLiteral(Box<TypeName>, Vec<InitItem>),
    /// `sizeof e`.
    SizeofExpr(Box<Expr>),
    /// `sizeof(type)`.
    SizeofType(Box<TypeName>),
    /// `vec_step e` (an OpenCL C keyword, as in clang).
    VecStepExpr(Box<Expr>),
    /// `vec_step(type)`.
    VecStepType(Box<TypeName>),
    /// `__builtin_offsetof(T, first.rest[i])`: the byte offset of a
    /// member (`first`, then more designators) within `T`.
    Offsetof(Box<TypeName>, Ident, Vec<Designator>),
    /// `__builtin_astype(e, type)`: the bits of `e` as `type`, as
    /// `as_<type>(e)` (clang's built-in behind those functions).
    AsType(Box<Expr>, Box<TypeName>),
    /// `_Generic(e, T1: e1, …, default: d)`: the expression associated
    /// with the type of `e` (which is not evaluated).
    Generic(Box<Expr>, Vec<GenericAssoc>),
    /// `_Alignof e` / `__alignof__(e)` (a GNU extension clang accepts).
    AlignofExpr(Box<Expr>),
    /// `_Alignof(type)`, `__alignof__(type)`.
    AlignofType(Box<TypeName>),
    /// `a, b`.
    Comma(Box<Expr>, Box<Expr>),
    /// An expression the parser could not read (already reported).
    Error,
}

impl Expr {
    /// The expression inside any parentheses around it.
    pub fn unparenthesized(&self) -> &Expr {
        let mut e = self;
        while let ExprKind::Paren(inner) = &e.kind {
            e = inner;
        }
        e
    }

    /// An expression with its depth computed from its children.
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        let d = |e: &Expr| e.depth;
        let depth = 1 + match &kind {
            ExprKind::Paren(e)
            | ExprKind::Member(e, _)
            | ExprKind::Arrow(e, _)
            | ExprKind::Unary(_, e)
            | ExprKind::Cast(_, e)
            | ExprKind::SizeofExpr(e)
            | ExprKind::VecStepExpr(e)
            | ExprKind::AsType(e, _)
            | ExprKind::AlignofExpr(e) => d(e),
            ExprKind::Call(f, args) => args.iter().map(d).max().unwrap_or(0).max(d(f)),
            // A left-associative chain (`a + b + c …`) is not nesting:
            // its left spine does not count (walkers follow it in a loop).
            ExprKind::Binary(op, a, b)
                if op.chains() && matches!(&a.kind, ExprKind::Binary(l, ..) if l.chains()) =>
            {
                return Expr {
                    depth: d(a).max(1 + d(b)),
                    kind,
                    span,
                };
            }
            ExprKind::Index(a, b)
            | ExprKind::Binary(_, a, b)
            | ExprKind::Assign(_, a, b)
            | ExprKind::Comma(a, b) => d(a).max(d(b)),
            ExprKind::Conditional(a, b, c) => d(a).max(d(b)).max(d(c)),
            ExprKind::Elvis(a, b) => d(a).max(d(b)),
            ExprKind::Generic(e, assocs) => assocs.iter().map(|a| d(&a.expr)).fold(d(e), u32::max),
            // Statements and their expressions nest inside: count both,
            // so alternating statement expressions stay bounded.
            ExprKind::StmtExpr(block) => block
                .stmts
                .iter()
                .map(|s| s.depth + s.expr_depth())
                .max()
                .unwrap_or(0),
            _ => 0,
        };
        Expr { kind, span, depth }
    }

    /// An error node.
    pub fn error(span: Span) -> Expr {
        Expr {
            kind: ExprKind::Error,
            span,
            depth: 1,
        }
    }

    /// The expression inside any number of parentheses.
    pub fn strip_parens(&self) -> &Expr {
        let mut e = self;
        while let ExprKind::Paren(inner) = &e.kind {
            e = inner;
        }
        e
    }

    /// The variable an lvalue designates, through parentheses, members and
    /// indexing of array members (`s.a[i].x` is `s`; `p[i]` with a named
    /// base `p` designates no variable of its own: it is an element of
    /// what `p` points to or holds).
    pub fn root_name(&self) -> Option<Symbol> {
        let mut e = self.strip_parens();
        loop {
            match &e.kind {
                ExprKind::Ident(i) => return Some(i.name),
                ExprKind::Member(base, _) => e = base.strip_parens(),
                ExprKind::Index(base, _)
                    if !matches!(base.strip_parens().kind, ExprKind::Ident(_)) =>
                {
                    e = base.strip_parens();
                }
                _ => return None,
            }
        }
    }
}
