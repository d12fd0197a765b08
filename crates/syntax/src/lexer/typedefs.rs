//! Which identifiers are typedef names at each point of the token stream:
//! the lexer side of C's "typedef-name feedback", done as a scope-aware
//! pass over the classified tokens before parsing.
//!
//! It recognises `typedef ... name ...;` at any brace depth (the declared
//! name is the first ordinary identifier of each comma-separated declarator
//! that is not a `struct`/`union`/`enum` tag and not inside
//! `__attribute__((...))`), scopes block-level typedefs to their braces, and
//! handles the simple shadowing case: a typedef name written right after a
//! type specifier (`float T;`, `struct S S;`) is the name being declared,
//! so it is an ordinary identifier from there to the end of the scope
//! (parameters: to the end of the function body).

use crate::ast::Ident;
use crate::token::{Kw, Tok, TypeNameTok};
use oclc_preprocessor::{Punct, Symbol};
use rustc_hash::FxHashMap;

/// The declaration being read at one brace depth.
#[derive(Clone, Copy, Debug, Default)]
struct DeclState {
    /// `typedef` was seen in this declaration.
    typedef: bool,
    /// Parentheses open within this declaration.
    parens: u32,
    /// The current declarator's name was found.
    name_seen: bool,
    /// These braces are a `struct`/`union`/`enum` body.
    record_body: bool,
}

impl DeclState {
    /// The state at the start of the next declaration at this depth.
    fn reset(&mut self) {
        *self = DeclState {
            record_body: self.record_body,
            ..DeclState::default()
        };
    }
}

/// Typedef-name scopes, fed one classified token at a time.
#[derive(Debug)]
pub struct TypedefScopes {
    /// Innermost-last bindings of each name: (brace depth, is a type).
    bindings: FxHashMap<Symbol, Vec<(usize, bool)>>,
    /// Names bound at each brace depth (index 0 is file scope).
    scopes: Vec<Vec<Symbol>>,
    /// The declaration state at each brace depth.
    decls: Vec<DeclState>,
    /// Parameter names that shadow typedef names, waiting for a body.
    pending_params: Vec<Symbol>,
    /// The previous token ends a type specifier.
    prev_is_type: bool,
    /// The previous token was `struct`/`union`/`enum` (or an attribute
    /// after one): an identifier now is a tag.
    expect_tag: bool,
    /// Between `struct`/`union`/`enum` and a possible `{`.
    record_head: bool,
    /// Inside `__attribute__((...))`: the paren depth it started at.
    attribute_base: Option<u32>,
}

impl Default for TypedefScopes {
    fn default() -> Self {
        TypedefScopes {
            bindings: FxHashMap::default(),
            scopes: vec![Vec::new()],
            decls: vec![DeclState::default()],
            pending_params: Vec::new(),
            prev_is_type: false,
            expect_tag: false,
            record_head: false,
            attribute_base: None,
        }
    }
}

impl TypedefScopes {
    /// Empty scopes (no typedef names yet).
    pub fn new() -> Self {
        TypedefScopes::default()
    }

    /// An ordinary identifier's token: a type name if a typedef of that
    /// name is in scope.
    pub fn classify(&self, ident: Ident) -> Tok {
        if self.is_type(ident.name) {
            Tok::TypeName(TypeNameTok {
                ident,
                builtin: None,
            })
        } else {
            Tok::Ident(ident)
        }
    }

    pub(crate) fn is_type(&self, name: Symbol) -> bool {
        !self.bindings.is_empty()
            && self
                .bindings
                .get(&name)
                .and_then(|stack| stack.last())
                .is_some_and(|binding| binding.1)
    }

    fn depth(&self) -> usize {
        self.scopes.len() - 1
    }

    fn decl(&mut self) -> &mut DeclState {
        let depth = self.depth();
        &mut self.decls[depth]
    }

    fn bind(&mut self, name: Symbol, is_type: bool) {
        let depth = self.depth();
        let stack = self.bindings.entry(name).or_default();
        match stack.last_mut() {
            Some(binding) if binding.0 == depth => binding.1 = is_type,
            _ => {
                stack.push((depth, is_type));
                self.scopes[depth].push(name);
            }
        }
    }

    fn open_scope(&mut self) {
        let record_body = self.record_head;
        self.scopes.push(Vec::new());
        self.decls.push(DeclState {
            record_body,
            ..DeclState::default()
        });
        let pending = std::mem::take(&mut self.pending_params);
        if !record_body {
            for name in pending {
                self.bind(name, false);
            }
        }
    }

    /// Closes a scope; returns whether it was a record body.
    fn close_scope(&mut self) -> bool {
        if self.scopes.len() <= 1 {
            return false;
        }
        for name in self.scopes.pop().unwrap_or_default() {
            if let Some(stack) = self.bindings.get_mut(&name) {
                stack.pop();
                if stack.is_empty() {
                    self.bindings.remove(&name);
                }
            }
        }
        let closed = self.decls.pop().unwrap_or_default();
        let outer = self.decl();
        if !outer.typedef {
            outer.reset();
        }
        closed.record_body
    }

    /// A declarator's name: a typedef name in a typedef, otherwise an
    /// ordinary name shadowing a typedef.
    fn declare(&mut self, name: Symbol, shadows_type: bool) {
        let decl = *self.decl();
        if decl.typedef {
            if !decl.name_seen {
                self.decl().name_seen = true;
                self.bind(name, true);
            }
        } else if shadows_type {
            if decl.parens > 0 {
                self.pending_params.push(name);
            } else {
                self.bind(name, false);
            }
        }
    }

    /// Feeds the next token (already classified by [`Self::classify`] or
    /// the keyword table) and returns it, reclassified where a typedef name
    /// is really a tag or the name being declared.
    pub fn process(&mut self, tok: Tok) -> Tok {
        if self.skip_attribute(tok) {
            return tok;
        }
        let was_tag = self.expect_tag;
        let was_record_head = self.record_head;
        self.expect_tag = false;
        self.record_head = false;
        let mut closed_record = false;
        let tok = match tok {
            Tok::TypeName(t) if t.builtin.is_none() && (was_tag || self.prev_is_type) => {
                if !was_tag {
                    self.declare(t.ident.name, true);
                }
                Tok::Ident(t.ident)
            }
            Tok::Ident(ident) => {
                if !was_tag {
                    self.declare(ident.name, false);
                }
                tok
            }
            Tok::Kw(Kw::Typedef) => {
                let decl = self.decl();
                if decl.parens == 0 {
                    decl.typedef = true;
                }
                tok
            }
            Tok::Kw(Kw::Struct | Kw::Union | Kw::Enum) => {
                self.expect_tag = true;
                self.record_head = true;
                tok
            }
            // `__typeof__(x)` names no declaration either: `x` is an
            // operand (`typedef __typeof__(x) R;` declares `R`).
            Tok::Kw(Kw::Typeof) => {
                self.attribute_base = Some(self.decl().parens);
                tok
            }
            Tok::Kw(Kw::Attribute) => {
                self.attribute_base = Some(self.decl().parens);
                self.expect_tag = was_tag;
                self.record_head = was_record_head;
                tok
            }
            Tok::Punct(Punct::LBrace) => {
                self.record_head = was_record_head;
                self.open_scope();
                self.record_head = false;
                tok
            }
            Tok::Punct(Punct::RBrace) => {
                closed_record = self.close_scope();
                tok
            }
            Tok::Punct(Punct::Semi) => {
                let decl = self.decl();
                if decl.parens == 0 {
                    decl.reset();
                }
                self.pending_params.clear();
                tok
            }
            Tok::Punct(Punct::Comma) => {
                let decl = self.decl();
                if decl.parens == 0 {
                    decl.name_seen = false;
                }
                tok
            }
            Tok::Punct(Punct::LParen) => {
                self.decl().parens += 1;
                tok
            }
            Tok::Punct(Punct::RParen) => {
                let decl = self.decl();
                decl.parens = decl.parens.saturating_sub(1);
                tok
            }
            _ => tok,
        };
        if was_tag && matches!(tok, Tok::Ident(_)) {
            self.record_head = was_record_head;
        }
        self.prev_is_type = match tok {
            Tok::Kw(kw) => kw.is_basic_type(),
            Tok::TypeName(_) => true,
            Tok::Ident(_) => was_tag,
            Tok::Punct(Punct::RBrace) => closed_record,
            _ => false,
        };
        tok
    }

    /// Tracks `__attribute__((...))` and `__typeof__(...)`, whose contents
    /// name no declarations; returns whether `tok` was consumed as part of
    /// one.
    fn skip_attribute(&mut self, tok: Tok) -> bool {
        let Some(base) = self.attribute_base else {
            return false;
        };
        let decl = self.decl();
        match tok {
            Tok::Punct(Punct::LParen) => {
                decl.parens += 1;
                true
            }
            Tok::Punct(Punct::RParen) if decl.parens > base => {
                decl.parens -= 1;
                if decl.parens == base {
                    self.attribute_base = None;
                }
                true
            }
            Tok::Punct(Punct::Semi | Punct::LBrace | Punct::RBrace) => {
                decl.parens = base;
                self.attribute_base = None;
                false
            }
            _ if decl.parens > base => true,
            _ => {
                self.attribute_base = None;
                false
            }
        }
    }
}
