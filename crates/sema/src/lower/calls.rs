//! Calls: user functions (argument count and conversions, call-graph
//! edges for the recursion check) and dispatch to the built-in table in
//! [`crate::builtins`].

use oclc_diagnostics::{Diagnostic, Span};
use oclc_ir::{ExprId, ExprKind};
use oclc_syntax::ast::{self, ExprKind as AstKind};

use super::Lowerer;
use crate::builtins;
use crate::codes;
use crate::scope::Binding;

impl Lowerer<'_> {
    /// Lowers `callee(args)`.
    pub(crate) fn lower_call(
        &mut self,
        callee: &ast::Expr,
        args: &[ast::Expr],
        span: Span,
    ) -> ExprId {
        let AstKind::Ident(ident) = callee.strip_parens().kind else {
            let _ = self.rvalue_expr(callee);
            self.report(
                &codes::NOT_CALLABLE,
                "called object is not a function (function pointers are not supported by oclc yet)"
                    .to_string(),
                callee.span,
                "not a function name",
            );
            return self.poison(span);
        };
        match self.scopes.lookup(ident.name) {
            Some(Binding::Function(None)) => {
                for arg in args {
                    let _ = self.rvalue_expr(arg);
                }
                self.poison(span)
            }
            Some(Binding::Function(Some(id))) => match self.overloads.get(&ident.name) {
                Some(set) if set.len() > 1 => {
                    let set = set.clone();
                    match self.resolve_overload(&set, ident, args, span) {
                        Some(id) => self.call_user_function(id, ident, args, span),
                        None => self.poison(span),
                    }
                }
                _ => self.call_user_function(id, ident, args, span),
            },
            Some(_) => {
                let name = self.text(ident.name);
                self.report(
                    &codes::NOT_CALLABLE,
                    format!("called object `{name}` is not a function"),
                    ident.span,
                    "not a function",
                );
                self.poison(span)
            }
            None => {
                let name = self.text(ident.name);
                if let Some(id) = builtins::lower_call(self, name, ident.span, args, span) {
                    return id;
                }
                for arg in args {
                    let _ = self.rvalue_expr(arg);
                }
                self.report_undeclared(ident, "call to undeclared function");
                self.poison(span)
            }
        }
    }

    /// The `overloadable` function a call selects: the viable candidate
    /// better than every other, as clang ranks them
    /// ([`builtins::overload::best`] over [`Self::conversion_rank`]),
    /// reporting no viable or no best candidate.
    fn resolve_overload(
        &mut self,
        set: &[oclc_ir::FunctionId],
        ident: ast::Ident,
        args: &[ast::Expr],
        span: Span,
    ) -> Option<oclc_ir::FunctionId> {
        // The argument types after array decay, from a trial lowering that
        // leaves nothing behind (the chosen call lowers them for real).
        let (mark, reported) = (self.mark(), self.diags.len());
        let mut arg_types = Vec::with_capacity(args.len());
        for arg in args {
            let value = self.rvalue_expr(arg);
            arg_types.push((!self.is_poison(value)).then(|| self.ty_of(value)));
        }
        self.rewind(mark);
        // A bad argument keeps its diagnostics (the call is not lowered
        // again); good ones are reported once, by the real lowering.
        let arg_types: Vec<oclc_ir::TypeId> = arg_types.into_iter().collect::<Option<_>>()?;
        self.diags.truncate(reported);
        let mut viable = Vec::new();
        for &id in set {
            let Some(params) = self.sigs.get(id.index()).map(|s| s.params.clone()) else {
                continue;
            };
            if params.len() != arg_types.len() {
                continue;
            }
            let ranks: Option<Vec<_>> = arg_types
                .iter()
                .zip(&params)
                .map(|(&arg, &param)| self.conversion_rank(arg, param))
                .collect();
            if let Some(ranks) = ranks {
                viable.push((id, ranks));
            }
        }
        let tied = match builtins::overload::best(&viable) {
            Ok(id) => return Some(id),
            Err(tied) => tied,
        };
        let name = self.text(ident.name).to_string();
        let found: Vec<String> = arg_types.iter().map(|&t| self.type_name(t)).collect();
        let (message, candidates) = if viable.is_empty() {
            (
                format!(
                    "no matching function for call to `{name}({})`",
                    found.join(", ")
                ),
                set.to_vec(),
            )
        } else {
            (
                format!("call to `{name}({})` is ambiguous", found.join(", ")),
                tied,
            )
        };
        let mut diagnostic =
            Diagnostic::new(&codes::ARGUMENT_COUNT, message).with_primary(span, "in this call");
        for id in candidates {
            if let Some(sig) = self.sigs.get(id.index()).cloned() {
                let params: Vec<String> = sig.params.iter().map(|&t| self.type_name(t)).collect();
                diagnostic = diagnostic.with_secondary(
                    sig.span,
                    format!("candidate `{name}({})`", params.join(", ")),
                );
            }
        }
        self.push_diag(diagnostic);
        None
    }

    /// How an argument of type `arg` converts to a parameter of type
    /// `param`, by clang's ranks for C: the same type; a pointer gaining
    /// qualifiers or becoming `generic`; a promotion (`char`, `short` or
    /// `bool` to `int`, `float` to `double`); an arithmetic or `void *`
    /// conversion; a scalar splatted into a vector; a pointer to another
    /// type or losing qualifiers (C allows it, with a warning). `None`
    /// when there is none.
    fn conversion_rank(
        &self,
        arg: oclc_ir::TypeId,
        param: oclc_ir::TypeId,
    ) -> Option<builtins::overload::Rank> {
        use builtins::overload::Rank;
        use oclc_ir::{AddressSpace, Type};
        if arg == param {
            return Some(Rank::Identity);
        }
        let arithmetic = |t: Type| matches!(t, Type::Int { .. } | Type::Bool | Type::Float { .. });
        match (self.ty(arg), self.ty(param)) {
            (
                Type::Int { bits: 8 | 16, .. } | Type::Bool,
                Type::Int {
                    bits: 32,
                    signed: true,
                },
            )
            | (Type::Float { bits: 32 }, Type::Float { bits: 64 }) => Some(Rank::Promotion),
            (a, p) if arithmetic(a) && arithmetic(p) => Some(Rank::Conversion),
            (a, Type::Vector { .. }) if arithmetic(a) => Some(Rank::Widening),
            (
                Type::Pointer {
                    pointee: pa,
                    space: sa,
                    quals: qa,
                },
                Type::Pointer {
                    pointee: pp,
                    space: sp,
                    quals: qp,
                },
            ) => {
                if sa != sp && !(sp == AddressSpace::Generic && sa != AddressSpace::Constant) {
                    return None;
                }
                let keeps = (!qa.const_ || qp.const_) && (!qa.volatile || qp.volatile);
                Some(if !keeps {
                    Rank::Incompatible
                } else if pa == pp {
                    let added = u8::from(qp.const_ && !qa.const_)
                        + u8::from(qp.volatile && !qa.volatile)
                        + u8::from(sa != sp);
                    Rank::Qualification(added)
                } else if self.ty(pp) == Type::Void {
                    Rank::Conversion
                } else {
                    Rank::Incompatible
                })
            }
            _ => None,
        }
    }

    fn call_user_function(
        &mut self,
        id: oclc_ir::FunctionId,
        ident: ast::Ident,
        args: &[ast::Expr],
        span: Span,
    ) -> ExprId {
        let Some(sig) = self.sigs.get(id.index()).cloned() else {
            return self.poison(span);
        };
        let values: Vec<ExprId> = args.iter().map(|a| self.rvalue_expr(a)).collect();
        if values.len() != sig.params.len() {
            let which = if values.len() > sig.params.len() {
                "many"
            } else {
                "few"
            };
            self.push_diag(
                Diagnostic::new(
                    &codes::ARGUMENT_COUNT,
                    format!(
                        "too {which} arguments to function call, expected {}, have {}",
                        sig.params.len(),
                        values.len()
                    ),
                )
                .with_primary(span, format!("`{}` called here", sig.name))
                .with_secondary(sig.span, "declared here"),
            );
            return self.poison(span);
        }
        let mut converted = Vec::with_capacity(values.len());
        for ((value, &param), arg) in values.into_iter().zip(&sig.params).zip(args) {
            converted.push(self.convert_for_assignment(value, param, "passing", arg.span));
        }
        if converted.iter().any(|&c| self.is_poison(c)) {
            return self.poison(span);
        }
        if let Some(caller) = self.func.as_ref().map(|f| f.id) {
            self.calls.push((caller, id, ident.span));
        }
        self.push(ExprKind::Call(id, converted), sig.ret, span)
    }
}
