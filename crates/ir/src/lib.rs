//! oclc's intermediate representation: a typed, checked program that the
//! atomic rules inspect and the SPIR-V back end translates.
//!
//! # Shape
//! A [`Module`] owns hash-consed [`Type`]s ([`Types`]), program-scope and
//! kernel-scope `local` [`GlobalVariable`]s, and [`Function`]s. Each
//! function owns an arena of [`Expr`]s (addressed by [`ExprId`]; every
//! expression is used exactly once, so the arena is a forest of trees) and a
//! structured body of [`Stmt`]s. Expressions carry their type and span.
//!
//! # Semantics
//! * Variables are memory: [`ExprKind::Local`] and [`ExprKind::Global`]
//!   yield *pointers*; reading is [`ExprKind::Load`], writing
//!   [`ExprKind::Store`]. Parameters are values ([`ExprKind::Param`]); the
//!   front end copies a parameter into a local when it is assigned or its
//!   address is taken.
//! * Operands are evaluated left to right; `&&`, `||` and `?:` evaluate
//!   lazily ([`ExprKind::LogicalAnd`], [`ExprKind::LogicalOr`],
//!   [`ExprKind::Select`]).
//! * All implicit C conversions are explicit [`ExprKind::Convert`] nodes;
//!   binary operands already have the operation's type.
//! * Atomic operations, fences and barriers are first-class
//!   ([`AtomicCall`], [`FenceCall`]) and keep the spans of their order and
//!   scope arguments so rules can point at them.
//!
//! Architecture invariant: a module that passed semantic analysis and the
//! rule checks with no error is translatable; the back end may assume every
//! type is well formed and every operand has the type the node requires.

mod arena;
mod atomics;
mod checked;
pub mod float;
mod library;
mod operands;
mod overloads;
pub mod print;
mod types;

pub use arena::Arena;
pub use atomics::{
    AtomicCall, AtomicForm, AtomicOp, AtomicReturn, FenceCall, FenceKind, MemArg, MemoryOrder,
    MemoryScope, Spelling, FENCE_ALL, FENCE_GLOBAL, FENCE_IMAGE, FENCE_LOCAL,
};
pub use checked::{Checked, Invalid};
pub use library::{LibFn, Shape, LIBRARY};
pub use overloads::{Elems, Family, Lens, Slot};
pub use types::{
    AddressSpace, ImageAccess, ImageDim, ImageType, OpaqueType, PipeType, Quals, StructDef,
    StructId, Type, TypeId, Types,
};

use oclc_diagnostics::Span;

arena::handle!(
    /// Index of a [`Function`] in [`Module::functions`].
    FunctionId
);
arena::handle!(
    /// Index of a [`GlobalVariable`] in [`Module::globals`].
    GlobalId
);
arena::handle!(
    /// Index of a [`Local`] in [`Function::locals`].
    LocalId
);
arena::handle!(
    /// A label of a function (`goto` target), numbered from 0 per function
    /// (see [`Function::new_label`]).
    LabelId
);
arena::handle!(
    /// Index of an [`Expr`] in [`Function::exprs`].
    ExprId
);

/// A whole program.
#[derive(Clone, Debug, Default)]
pub struct Module {
    /// Every type, deduplicated.
    pub types: Types,
    /// Program-scope variables and kernel-scope `local` variables.
    pub globals: Arena<GlobalId, GlobalVariable>,
    /// Kernels and helper functions, in source order (callees may come
    /// after callers).
    pub functions: Arena<FunctionId, Function>,
    /// OpenCL C version as 100, 110, 120, 200 or 300 (`OpSource`).
    pub source_version: u32,
    /// 32 or 64.
    pub pointer_bits: u32,
}

impl Module {
    /// Drops the functions `keep` rejects and renumbers every reference to
    /// the others (calls, the kernels of kernel-scope variables). A call
    /// of a dropped function, an error its caller reports, is left pointing
    /// at the first function: such a module is not for emission.
    pub fn retain_functions(&mut self, keep: impl Fn(FunctionId) -> bool) {
        let remap = self.functions.retain(|id, _| keep(id));
        if remap.iter().all(Option::is_some) {
            return;
        }
        let lookup = |id: FunctionId| {
            remap
                .get(id.index())
                .copied()
                .flatten()
                .unwrap_or(FunctionId::new(0))
        };
        for function in &mut self.functions {
            for expr in &mut function.exprs {
                if let ExprKind::Call(callee, _) = &mut expr.kind {
                    *callee = lookup(*callee);
                }
            }
        }
        for global in &mut self.globals {
            if let Some(kernel) = global.kernel {
                global.kernel = Some(lookup(kernel));
            }
        }
    }

    /// The function with this id.
    pub fn function(&self, id: FunctionId) -> &Function {
        &self.functions[id]
    }

    /// The global with this id.
    pub fn global(&self, id: GlobalId) -> &GlobalVariable {
        &self.globals[id]
    }
}

/// A constant initializer of a global variable.
#[derive(Clone, Debug, PartialEq)]
pub enum ConstInit {
    /// A scalar of the variable's (element) type.
    Scalar(Literal),
    /// Array elements or struct members in order; missing trailing
    /// elements are zero.
    Composite(Vec<ConstInit>),
    /// All zero.
    Zero,
    /// The address of an object inside a program-scope variable, as an
    /// `OpPtrAccessChain` from the variable would compute it: `element`
    /// steps over whole variables, then `path` indexes arrays and selects
    /// members (`constant char *names[] = { "a", "b" }` points at element
    /// `[0]` of each string).
    Address {
        /// The variable.
        global: GlobalId,
        /// The pointer offset, in whole variables.
        element: i64,
        /// Array indices and member numbers.
        path: Vec<u64>,
    },
}

impl ConstInit {
    /// Whether every bit the initializer sets is zero (`-0.0` is not).
    pub fn is_zero(&self) -> bool {
        match self {
            ConstInit::Zero => true,
            ConstInit::Scalar(literal) => match *literal {
                Literal::Bool(b) => !b,
                Literal::Int(bits) => bits == 0,
                Literal::Float(value) => value.to_bits() == 0,
                Literal::Null => true,
            },
            ConstInit::Composite(parts) => parts.iter().all(ConstInit::is_zero),
            ConstInit::Address { .. } => false,
        }
    }

    /// Whether the initializer holds an address (and so must follow the
    /// variables it points into).
    pub fn has_address(&self) -> bool {
        match self {
            ConstInit::Address { .. } => true,
            ConstInit::Composite(parts) => parts.iter().any(ConstInit::has_address),
            ConstInit::Scalar(_) | ConstInit::Zero => false,
        }
    }
}

/// A program-scope variable or a kernel-scope `local` variable.
#[derive(Clone, Debug)]
pub struct GlobalVariable {
    /// Source name.
    pub name: String,
    /// The variable's type (not a pointer).
    pub ty: TypeId,
    /// `Global`, `Constant` or `Local`.
    pub space: AddressSpace,
    /// The initializer, if any (never for `Local`).
    pub init: Option<ConstInit>,
    /// For a `local` variable declared inside a kernel: that kernel.
    pub kernel: Option<FunctionId>,
    /// `aligned(N)` on the declaration: N (0 for the type's alignment).
    pub align: u32,
    /// The declaration.
    pub span: Span,
    /// The initializer as written (`= ...`), whether or not it was
    /// constant; the rules use it to check where `ATOMIC_VAR_INIT` may
    /// appear and to reject initialized `local` variables.
    pub init_span: Option<Span>,
    /// The scalar sub-objects a program-scope initializer writes, each
    /// with the span of the expression written for it (in source order);
    /// the rules use them to check what `ATOMIC_VAR_INIT` initializes
    /// inside an array or struct.
    pub init_leaves: Vec<InitLeaf>,
}

/// One scalar sub-object of a program-scope initializer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InitLeaf {
    /// The expression written for it.
    pub span: Span,
    /// The sub-object's type.
    pub ty: TypeId,
}

/// A function-scope (private) variable.
#[derive(Clone, Debug)]
pub struct Local {
    /// Source name (or a generated name for temporaries, starting with `.`).
    pub name: String,
    /// The variable's type (not a pointer).
    pub ty: TypeId,
    /// `aligned(N)` on the declaration: N (0 for the type's alignment).
    pub align: u32,
    /// The declaration.
    pub span: Span,
}

/// A function parameter.
#[derive(Clone, Debug)]
pub struct Param {
    /// Source name (may be empty).
    pub name: String,
    /// Its type.
    pub ty: TypeId,
    /// The declaration.
    pub span: Span,
    /// A `restrict`-qualified pointer: while the function runs, what it
    /// reaches through this pointer is reached through no other
    /// (`FuncParamAttr NoAlias` in an OpenCL module).
    pub noalias: bool,
}

/// Kernel-only properties.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KernelInfo {
    /// `__attribute__((reqd_work_group_size(x, y, z)))`.
    pub reqd_work_group_size: Option<[u32; 3]>,
    /// `__attribute__((work_group_size_hint(x, y, z)))`.
    pub work_group_size_hint: Option<[u32; 3]>,
    /// `__attribute__((intel_reqd_sub_group_size(n)))`
    /// (`cl_intel_required_subgroup_size`).
    pub sub_group_size: Option<u32>,
    /// `__attribute__((vec_type_hint(T)))`, encoded as SPIR-V's
    /// `VecTypeHint` operand: the component count in the upper 16 bits (0
    /// for a scalar, as llvm-spirv writes it), the element type in the
    /// lower (0 `char`, 1 `short`, 2 `int`, 3 `long`, 4 `half`, 5 `float`,
    /// 6 `double`).
    pub vec_type_hint: Option<u32>,
}

/// `__attribute__((always_inline))` or `((noinline))` on a function.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InlineHint {
    /// Neither.
    #[default]
    None,
    /// `always_inline`: SPIR-V `Inline`.
    Always,
    /// `noinline`: SPIR-V `DontInline`.
    Never,
}

/// A kernel or helper function.
#[derive(Clone, Debug)]
pub struct Function {
    /// Source name.
    pub name: String,
    /// `Some` for `__kernel` functions.
    pub kernel: Option<KernelInfo>,
    /// Parameters.
    pub params: Vec<Param>,
    /// Return type.
    pub ret: TypeId,
    /// Private variables, including temporaries.
    pub locals: Arena<LocalId, Local>,
    /// The expression arena.
    pub exprs: Arena<ExprId, Expr>,
    /// The body.
    pub body: Block,
    /// How many labels the body defines ([`LabelId`]s `0..labels`).
    pub labels: u32,
    /// The definition.
    pub span: Span,
    /// Whether floating `a * b + c` contracts into one operation on entry
    /// (OpenCL's default; `#pragma OPENCL FP_CONTRACT OFF` before the
    /// definition turns it off).
    pub fp_contract: bool,
    /// The `FP_CONTRACT` pragmas inside the body, in source order.
    pub fp_contract_pragmas: Vec<FpContractPragma>,
    /// `always_inline` / `noinline`.
    pub inline: InlineHint,
}

/// A `#pragma OPENCL FP_CONTRACT` inside a function body: from the pragma
/// to the end of its innermost enclosing block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FpContractPragma {
    /// The pragma.
    pub at: Span,
    /// Where its block ends (an offset in the pragma's file).
    pub until: u32,
    /// ON (or DEFAULT) rather than OFF.
    pub on: bool,
}

impl Function {
    /// Whether floating operations contract at `at`: the last body pragma
    /// in force there, else the state on entry.
    pub fn contracts_at(&self, at: Span) -> bool {
        self.fp_contract_pragmas
            .iter()
            .filter(|p| p.at.file == at.file && p.at.start < at.start && at.start < p.until)
            .max_by_key(|p| p.at.start)
            .map_or(self.fp_contract, |p| p.on)
    }

    /// The expression with this id.
    pub fn expr(&self, id: ExprId) -> &Expr {
        &self.exprs[id]
    }
}

/// A sequence of statements.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Block(pub Vec<Stmt>);

/// A `case` or `default` label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaseLabel {
    /// `case value:` (the value converted to the selector's type, as bits).
    Value(u64),
    /// `default:`.
    Default,
}

/// Statements under consecutive `case` labels inside a `switch`. Control
/// falls through into the next segment unless the body ends in `break`,
/// `continue` or `return`.
#[derive(Clone, Debug, PartialEq)]
pub struct SwitchSegment {
    /// The labels (at least one).
    pub labels: Vec<CaseLabel>,
    /// The statements.
    pub body: Block,
}

/// How a loop asks to be unrolled (`#pragma unroll`, `#pragma unroll N`,
/// `#pragma nounroll`, `__attribute__((opencl_unroll_hint(N)))`): a hint
/// to the driver, which may ignore it; it never changes what the loop
/// computes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LoopControl {
    /// No request.
    #[default]
    None,
    /// Unroll fully if the trip count allows (`#pragma unroll`,
    /// `opencl_unroll_hint` without a count).
    Unroll,
    /// Do not unroll (`#pragma nounroll`, `opencl_unroll_hint(1)`).
    DontUnroll,
    /// Unroll by this factor, at least 1 (`#pragma unroll N`,
    /// `opencl_unroll_hint(N)`).
    PartialCount(u32),
}

/// A statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// Evaluate for side effects.
    Expr(ExprId),
    /// A nested block.
    Block(Block),
    /// `if`.
    If {
        /// A `bool` condition.
        cond: ExprId,
        /// Taken when true.
        then: Block,
        /// Taken when false (may be empty).
        otherwise: Block,
    },
    /// Every loop: `while` (`test_first`), `do`/`while` (not `test_first`)
    /// and `for` (initialisation emitted before it, `step` as `continuing`).
    Loop {
        /// A `bool` condition; `None` loops until `break`.
        cond: Option<ExprId>,
        /// Whether the condition is tested before the first iteration.
        test_first: bool,
        /// The body.
        body: Block,
        /// Runs after the body and on `continue`, before the next test.
        continuing: Block,
        /// What `#pragma unroll`/`nounroll` or `opencl_unroll_hint` asked
        /// for; the back end turns it into the `OpLoopMerge` loop control.
        control: LoopControl,
    },
    /// `switch`.
    Switch {
        /// An integer selector.
        selector: ExprId,
        /// The segments in source order.
        segments: Vec<SwitchSegment>,
    },
    /// `break` out of the innermost loop or switch.
    Break,
    /// `continue` the innermost loop.
    Continue,
    /// `return`.
    Return(Option<ExprId>),
    /// `label:` — where [`Stmt::Goto`]s of this label continue. Semantic
    /// analysis guarantees every label is defined once and that no `goto`
    /// enters a loop or `switch` body from outside it.
    Label(LabelId),
    /// `goto label;`.
    Goto(LabelId),
}

/// A constant value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Literal {
    /// `true`/`false`.
    Bool(bool),
    /// An integer of the expression's type, as bits (sign-extended for
    /// signed types).
    Int(u64),
    /// A floating value of the expression's type.
    Float(f64),
    /// A null pointer of the expression's type.
    Null,
}

/// Unary operators on values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// Arithmetic negation.
    Neg,
    /// Logical not (`bool` → `bool`).
    Not,
    /// Bitwise complement.
    BitNot,
}

/// Binary operators on two operands of the same type. Comparisons yield
/// `bool`; pointer ± integer uses [`ExprKind::PtrOffset`] instead.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// Conversions; the source and target types are the operand's and the
/// node's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Conversion {
    /// Integer to integer: sign- or zero-extend (by the source's
    /// signedness) or truncate; same width is a no-op or a sign change.
    IntToInt,
    /// Integer to floating.
    IntToFloat,
    /// Floating to integer (round toward zero).
    FloatToInt,
    /// Floating to floating.
    FloatToFloat,
    /// `bool` to integer (0/1).
    BoolToInt,
    /// A vector of `bool` to a signed integer vector: -1 (all bits set)
    /// for true, 0 for false (vector comparisons and logical operators).
    BoolToMask,
    /// Scalar to `bool` (`!= 0`, `!= null`).
    ToBool,
    /// A pointer to a pointer in the same address space.
    PtrToPtr,
    /// A named-space pointer to a `generic` pointer.
    ToGeneric,
    /// A `generic` pointer to a named-space pointer.
    FromGeneric,
    /// Pointer to integer.
    PtrToInt,
    /// Integer to pointer.
    IntToPtr,
    /// Reinterpret bits (same size).
    Bitcast,
    /// A scalar to every element of a vector.
    Splat,
}

/// Built-in functions other than atomics, fences and barriers.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BuiltinFn {
    GetGlobalId,
    GetLocalId,
    GetGroupId,
    GetGlobalSize,
    GetLocalSize,
    GetNumGroups,
    GetWorkDim,
    GetGlobalOffset,
    GetEnqueuedLocalSize,
    GetGlobalLinearId,
    GetLocalLinearId,
    GetSubGroupSize,
    GetMaxSubGroupSize,
    GetNumSubGroups,
    GetEnqueuedNumSubGroups,
    GetSubGroupId,
    GetSubGroupLocalId,
    /// A library function ([`LIBRARY`]); its operands already have the
    /// types the instruction needs (scalars splatted where the overload
    /// takes one).
    Lib(LibFn),
    /// `vloadn(offset, p)` (`half`: `vload_half[n]`, `vloada_half[n]`):
    /// operands offset (`size_t`) and pointer; the result is the vector
    /// (or, for `vload_half`, the `float`).
    VLoad {
        /// Components (1 for `vload_half`).
        n: u8,
        /// Reads `half`s, converting to `float`.
        half: bool,
        /// `vloada_half`: 3-component vectors are aligned like 4.
        aligned: bool,
    },
    /// `vstoren(data, offset, p)` (`half`: `vstore_half[n][_<rounding>]`,
    /// `vstorea_half…`): operands data, offset and pointer.
    VStore {
        /// Components (1 for `vstore_half`).
        n: u8,
        /// Writes `half`s, converting from `float`.
        half: bool,
        /// `vstorea_half`.
        aligned: bool,
        /// The rounding of the conversion to `half`.
        rounding: Rounding,
    },
    /// A work-group collective function (OpenCL C 3.0, sema's
    /// `section::WORK_GROUP_COLLECTIVES`): `work_group_all`,
    /// `_any`, `_broadcast`, `_reduce_<op>`, `_scan_inclusive_<op>`,
    /// `_scan_exclusive_<op>`. Operands: the value (an `int` predicate for
    /// all/any), then for broadcast the local id (`size_t`, or a vector of
    /// 2 or 3 `size_t`s).
    WorkGroup(GroupOp),
    /// The same collectives over the sub-group (`sub_group_all`, …;
    /// `cl_khr_subgroups`, `__opencl_c_subgroups`).
    SubGroup(GroupOp),
    /// A function of the `cl_khr_subgroup_*` extensions (ballot, vote,
    /// non-uniform arithmetic, clustered reductions, shuffles); operands
    /// as [`SubGroupFn`] lists them.
    SubGroupExt(SubGroupFn),
    /// `get_sub_group_<eq|ge|gt|le|lt>_mask()` (`cl_khr_subgroup_ballot`):
    /// a `uint4` bit mask of sub-group lanes.
    SubGroupMask(SubGroupMask),
    /// A function of `cl_khr_extended_bit_ops` (core in OpenCL C 3.1);
    /// operands as [`BitOp`] lists them.
    BitOp(BitOp),
    /// An integer dot product of `cl_khr_integer_dot_product` (core in
    /// OpenCL C 3.1): operands the two 4 × 8-bit vectors (or, packed, the
    /// two `uint`s holding them), then the accumulator for `dot_acc_sat`.
    /// The result is `uint` when both operands are unsigned, else `int`.
    IntDot(IntDot),
    /// `async_work_group_copy(dst, src, n, event)` and the `_strided_`
    /// form (operands dst, src, n, then stride when strided, then the
    /// event; result `event_t`).
    AsyncCopy {
        /// `async_work_group_strided_copy`.
        strided: bool,
    },
    /// `wait_group_events(n, events)` (operands: `int` count, pointer to
    /// `event_t`).
    WaitGroupEvents,
    /// `prefetch(p, n)`.
    Prefetch,
    /// `read_image{f,i,ui,h}(image, [sampler,] coord)`: operands the image,
    /// the sampler when `sampled`, and the coordinates; the result is the
    /// texel as a 4-vector (a `float` for depth images).
    ReadImage {
        /// With a sampler (`OpImageSampleExplicitLod`) or without
        /// (`OpImageRead`).
        sampled: bool,
    },
    /// `write_image{f,i,ui,h}(image, coord, color)`.
    WriteImage,
    /// `get_image_<property>(image)`.
    ImageQuery(ImageQuery),
    /// A pipe built-in (OpenCL C 3.0, sema's `section::PIPES`). Operands: the pipe; for the
    /// reserved forms the reservation and the packet index; the packet
    /// pointer (generic) or the packet count or the reservation, as the
    /// function takes them; then the packet size and alignment as `uint`
    /// literals.
    Pipe(PipeOp),
    /// `to_global(p)`, `to_local(p)`, `to_private(p)`: the generic pointer
    /// operand as a pointer to the named space, or null when it points
    /// elsewhere.
    ToSpace(AddressSpace),
    /// `get_fence(p)`: the `cl_mem_fence_flags` of the memory a generic
    /// pointer points to (`CLK_GLOBAL_MEM_FENCE`, `CLK_LOCAL_MEM_FENCE`, or
    /// 0 for private memory).
    GetFence,
    /// `printf(format, ...)`: operands the format (a `constant char *`)
    /// and the arguments after C's default argument promotions; the
    /// result is the `int` printf returns.
    Printf,
    /// `convert_<type>[_sat][_<rounding>](x)`: an arithmetic conversion of
    /// a scalar or of each component of a vector to the call's type.
    Convert {
        /// `_sat`: out-of-range values clamp (NaN becomes 0).
        saturate: bool,
        /// `_rte`, `_rtz`, `_rtp`, `_rtn`, or the default.
        rounding: Rounding,
    },
}

/// What a pipe built-in does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PipeOp {
    /// `read_pipe(p, ptr)` / `write_pipe(p, ptr)` (`write`).
    Packet {
        /// `write_pipe`.
        write: bool,
        /// The four-argument form: `(p, reserve_id, index, ptr)`.
        reserved: bool,
    },
    /// `reserve_read_pipe(p, n)`, `work_group_reserve_write_pipe(p, n)`, …
    Reserve {
        /// The write end.
        write: bool,
        /// `work_group_` or `sub_group_` (work-group or sub-group scope),
        /// or neither.
        group: Option<GroupScope>,
    },
    /// `commit_read_pipe(p, rid)`, `work_group_commit_write_pipe(p, rid)`, …
    Commit {
        /// The write end.
        write: bool,
        /// As for [`PipeOp::Reserve`].
        group: Option<GroupScope>,
    },
    /// `is_valid_reserve_id(rid)`.
    IsValidReserveId,
    /// `get_pipe_num_packets(p)`.
    NumPackets,
    /// `get_pipe_max_packets(p)`.
    MaxPackets,
}

/// The execution scope of a group pipe reservation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupScope {
    /// `work_group_…`.
    WorkGroup,
    /// `sub_group_…`.
    SubGroup,
}

/// An image property (`get_image_width`, ...).
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImageQuery {
    Width,
    Height,
    Depth,
    /// `int2` (2D) or `int4` (3D): width, height[, depth, 0].
    Dim,
    /// Layers of an array image (`size_t`).
    ArraySize,
    /// `CLK_UNORM_INT8`, ... (`int`).
    ChannelDataType,
    /// `CLK_RGBA`, ... (`int`).
    ChannelOrder,
}

/// What a work-group collective computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupOp {
    /// Whether the predicate is nonzero for every work-item.
    All,
    /// Whether it is nonzero for some work-item.
    Any,
    /// The value of the work-item with the given local id.
    Broadcast,
    /// The reduction over the work-group.
    Reduce(GroupArith),
    /// The inclusive prefix.
    ScanInclusive(GroupArith),
    /// The exclusive prefix (the identity for the first work-item).
    ScanExclusive(GroupArith),
}

/// A function of the `cl_khr_subgroup_*` extensions. Predicates are
/// `int`s (nonzero is true) and so are the results of tests; lanes,
/// deltas, masks and cluster sizes are `uint`; ballots are `uint4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SubGroupFn {
    /// `sub_group_elect()`: true in the lowest active lane.
    Elect,
    /// `sub_group_non_uniform_all(predicate)`.
    NonUniformAll,
    /// `sub_group_non_uniform_any(predicate)`.
    NonUniformAny,
    /// `sub_group_non_uniform_all_equal(value)`.
    NonUniformAllEqual,
    /// `sub_group_non_uniform_broadcast(value, lane)`.
    NonUniformBroadcast,
    /// `sub_group_broadcast_first(value)`.
    BroadcastFirst,
    /// `sub_group_ballot(predicate)`: a `uint4` of the lanes where it holds.
    Ballot,
    /// `sub_group_inverse_ballot(ballot)`: whether this lane's bit is set.
    InverseBallot,
    /// `sub_group_ballot_bit_extract(ballot, lane)`.
    BallotBitExtract,
    /// `sub_group_ballot_bit_count` (reduce) and
    /// `sub_group_ballot_{inclusive,exclusive}_scan`.
    BallotBitCount(GroupScan),
    /// `sub_group_ballot_find_lsb(ballot)`.
    BallotFindLsb,
    /// `sub_group_ballot_find_msb(ballot)`.
    BallotFindMsb,
    /// `sub_group_shuffle(value, lane)`.
    Shuffle,
    /// `sub_group_shuffle_xor(value, mask)`.
    ShuffleXor,
    /// `sub_group_shuffle_up(value, delta)`.
    ShuffleUp,
    /// `sub_group_shuffle_down(value, delta)`.
    ShuffleDown,
    /// `sub_group_non_uniform_{reduce,scan_inclusive,scan_exclusive}_<op>(value)`.
    NonUniform(GroupScan, SubGroupArith),
    /// `sub_group_clustered_reduce_<op>(value, clustersize)`; the cluster
    /// size is a constant power of two.
    ClusteredReduce(SubGroupArith),
    /// `sub_group_rotate(value, delta)` (`cl_khr_subgroup_rotate`): the
    /// value of the lane `delta` above this one, wrapping around.
    Rotate,
    /// `sub_group_clustered_rotate(value, delta, clustersize)`: the same
    /// within clusters of a constant power-of-two size.
    ClusteredRotate,
}

/// Reduction or scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupScan {
    /// Over the whole (sub-)group.
    Reduce,
    /// Prefix including this lane.
    Inclusive,
    /// Prefix excluding this lane (the identity in the first).
    Exclusive,
}

/// The operation of a non-uniform or clustered sub-group reduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SubGroupArith {
    /// `add`.
    Add,
    /// `mul`.
    Mul,
    /// `min`.
    Min,
    /// `max`.
    Max,
    /// `and` (integers).
    And,
    /// `or` (integers).
    Or,
    /// `xor` (integers).
    Xor,
    /// `logical_and` (`int` predicates).
    LogicalAnd,
    /// `logical_or` (`int` predicates).
    LogicalOr,
    /// `logical_xor` (`int` predicates).
    LogicalXor,
}

/// The `cl_khr_extended_bit_ops` functions, on an integer scalar or
/// vector `x` (the offset and count are `uint`s).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BitOp {
    /// `bitfield_insert(base, insert, offset, count)`.
    Insert,
    /// `bitfield_extract_signed(base, offset, count)`: the field
    /// sign-extended, in the signed type of `base`'s width.
    ExtractSigned,
    /// `bitfield_extract_unsigned(base, offset, count)`: the field
    /// zero-extended, in the unsigned type of `base`'s width.
    ExtractUnsigned,
    /// `bit_reverse(x)`.
    Reverse,
}

/// An integer dot product (see [`BuiltinFn::IntDot`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IntDot {
    /// Whether the first operand's components are signed.
    pub a_signed: bool,
    /// Whether the second operand's components are signed.
    pub b_signed: bool,
    /// `dot_acc_sat`: adds the accumulator, saturating.
    pub acc_sat: bool,
    /// The operands are `uint`s packing four 8-bit components
    /// (`dot_4x8packed_*`).
    pub packed: bool,
}

/// Which lanes a `get_sub_group_<…>_mask()` selects, relative to this one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SubGroupMask {
    /// Equal.
    Eq,
    /// Greater or equal.
    Ge,
    /// Greater.
    Gt,
    /// Less or equal.
    Le,
    /// Less.
    Lt,
}

/// The operation of a work-group reduction or scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupArith {
    /// `add`.
    Add,
    /// `min`.
    Min,
    /// `max`.
    Max,
}

/// The rounding of an explicit conversion (OpenCL C 3.0, its rounding
/// modes under sema's `section::EXPLICIT_CONVERSIONS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// No suffix: to nearest even for floating results, toward zero for
    /// integer results.
    Default,
    /// `_rte`: to nearest even.
    Rte,
    /// `_rtz`: toward zero.
    Rtz,
    /// `_rtp`: toward positive infinity.
    Rtp,
    /// `_rtn`: toward negative infinity.
    Rtn,
}

/// An expression node.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What it computes.
    pub kind: ExprKind,
    /// Its type.
    pub ty: TypeId,
    /// The source it came from.
    pub span: Span,
}

/// Expression kinds.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A constant.
    Literal(Literal),
    /// The value of a parameter.
    Param(u32),
    /// Pointer to a private variable.
    Local(LocalId),
    /// Pointer to a global or kernel-scope `local` variable.
    Global(GlobalId),
    /// Read through a pointer.
    Load(ExprId),
    /// `*pointer = value`; yields `value`.
    Store {
        /// Destination.
        pointer: ExprId,
        /// Value (already of the pointee type).
        value: ExprId,
    },
    /// `*pointer op= value`: load, convert to `op_ty`, operate with `value`
    /// (already of `op_ty`, or an integer for pointer arithmetic), convert
    /// back, store; yields the stored value.
    CompoundAssign {
        /// The operation.
        op: BinaryOp,
        /// Destination.
        pointer: ExprId,
        /// Right operand.
        value: ExprId,
        /// The type the operation is performed in.
        op_ty: TypeId,
    },
    /// `++`/`--` through a pointer; yields the new value (prefix) or the
    /// old one (postfix). Pointers step by one element.
    IncDec {
        /// The object.
        pointer: ExprId,
        /// `++` (true) or `--`.
        increment: bool,
        /// Prefix (true) or postfix.
        prefix: bool,
    },
    /// A unary operation.
    Unary(UnaryOp, ExprId),
    /// A binary operation.
    Binary(BinaryOp, ExprId, ExprId),
    /// `a && b` on `bool`s, evaluating `b` only when `a` is true.
    LogicalAnd(ExprId, ExprId),
    /// `a || b` on `bool`s, evaluating `b` only when `a` is false.
    LogicalOr(ExprId, ExprId),
    /// `cond ? a : b`, evaluating only the chosen side.
    Select {
        /// A `bool`.
        cond: ExprId,
        /// When true.
        then: ExprId,
        /// When false.
        otherwise: ExprId,
    },
    /// A conversion.
    Convert(Conversion, ExprId),
    /// `pointer + index` elements.
    PtrOffset {
        /// The pointer.
        pointer: ExprId,
        /// A signed or unsigned integer.
        index: ExprId,
    },
    /// Pointer to element `index` of the array `pointer` points to (array
    /// decay and indexing of array objects).
    ElementPtr {
        /// Pointer to an array.
        pointer: ExprId,
        /// An integer.
        index: ExprId,
    },
    /// Pointer to member `field` of the struct or union `pointer` points to.
    MemberPtr {
        /// Pointer to a struct or union.
        pointer: ExprId,
        /// Member index.
        field: u32,
    },
    /// `a - b` on pointers, in elements.
    PtrDiff(ExprId, ExprId),
    /// A call of a user function.
    Call(FunctionId, Vec<ExprId>),
    /// A call of a built-in function.
    Builtin(BuiltinFn, Vec<ExprId>),
    /// An atomic function.
    Atomic(Box<AtomicCall>),
    /// A fence or barrier (type `void`).
    Fence(Box<FenceCall>),
    /// `a, b`.
    Comma(ExprId, ExprId),
    /// A vector built from scalars and smaller vectors of its element type,
    /// in order (vector literals, multi-component swizzles).
    Construct(Vec<ExprId>),
    /// A GNU statement expression `({ s1; …; e; })`: the statements run
    /// where the expression is evaluated, then the expression gives the
    /// value (of the expression's type; `void` when it has none).
    Statements(Block, ExprId),
}
