//! The macro table: which names are macros, and their definitions.
//!
//! The predefined macros are the same ~150 `#define` lines for every
//! compilation, and a kernel uses a handful of them. Instead of running the
//! `<built-in>` pseudo-file through the directive machinery, the engine
//! enters each of its macro names with the offset of its line
//! ([`Definition::Predefined`]); the line is lexed and parsed the first time
//! the definition itself is needed (an expansion, or a redefinition check).
//! Whether a name is defined (`defined`, `#ifdef`, `#undef`) needs no
//! parsing. The parsed result is exactly what reading the file would have
//! produced: the tokens are lexed from the same bytes of the same file, so
//! spans, including every expansion's `def_span`, are unchanged.

use crate::directives::line_span;
use crate::engine::Engine;
use crate::intern::Symbol;
use crate::lexer::{LexState, Lexer};
use crate::macros::{parse_define, BuiltinMacro, Macro, MacroKind};
use crate::predefined::DefineLine;
use oclc_diagnostics::{FileId, Span};
use std::rc::Rc;

/// What the macro table holds for a defined name.
#[derive(Clone, Debug)]
pub(crate) enum Definition {
    /// A parsed definition.
    Parsed(Rc<Macro>),
    /// A `#define` line of the `<built-in>` file not parsed yet.
    Predefined {
        /// The `<built-in>` file.
        file: FileId,
        /// Byte offset of the line's `#`.
        start: u32,
    },
}

impl Engine<'_> {
    /// Defines `__LINE__`, `__DATE__` and the other [`BuiltinMacro`]s (their definition points at the
    /// start of the `<built-in>` file) and enters the macros of the
    /// `<built-in>` file `builtin`, whose lines are `lines`, unparsed.
    pub(crate) fn define_predefined_macros(&mut self, builtin: FileId, lines: &[DefineLine]) {
        let span = Span::new(builtin, 0, 0);
        for (name, which) in BuiltinMacro::ALL {
            let sym = self.out.interner.intern(name);
            let mac = Rc::new(Macro::builtin(MacroKind::Builtin(which), span));
            self.macros.insert(sym, Definition::Parsed(mac));
        }
        self.macros.reserve(lines.len());
        let text = self.sources.get(builtin).map_or("", |f| f.text());
        for line in lines {
            let Some(name) = text.get(line.name_start as usize..line.name_end as usize) else {
                continue;
            };
            let sym = self.out.interner.intern(name);
            let definition = Definition::Predefined {
                file: builtin,
                start: line.start,
            };
            self.macros.insert(sym, definition);
        }
    }

    /// Whether `sym` names a macro.
    #[inline]
    pub(crate) fn is_macro(&self, sym: Symbol) -> bool {
        self.macros.contains_key(&sym)
    }

    /// The definition of the macro `sym`, if it is one; a predefined macro
    /// is parsed here on first use.
    #[inline]
    pub(crate) fn macro_definition(&mut self, sym: Symbol) -> Option<Rc<Macro>> {
        let definition = self.macros.get(&sym)?.clone();
        self.parsed_definition(sym, definition)
    }

    /// `definition`, the table entry of `sym`, parsed if it was not yet.
    #[inline]
    pub(crate) fn parsed_definition(
        &mut self,
        sym: Symbol,
        definition: Definition,
    ) -> Option<Rc<Macro>> {
        match definition {
            Definition::Parsed(mac) => Some(mac),
            Definition::Predefined { file, start } => self.parse_predefined(sym, file, start),
        }
    }

    /// Parses the `#define` line at `start` of the `<built-in>` file `file`
    /// as the directive machinery would have, and records the result as the
    /// definition of `sym`.
    #[cold]
    #[inline(never)]
    fn parse_predefined(&mut self, sym: Symbol, file: FileId, start: u32) -> Option<Rc<Macro>> {
        let text = self.sources.get(file)?.text();
        let state = LexState {
            pos: start as usize,
            ..LexState::start(file)
        };
        let mut lexer = Lexer::resume(text, state);
        let interner = &mut self.out.interner;
        let diagnostics = &mut self.out.diagnostics;
        let hash = lexer.next_token(interner, diagnostics)?;
        // The line after `#`: `define NAME ...`.
        let mut line = Vec::new();
        while let Some(tok) = lexer.next_token(interner, diagnostics) {
            if tok.start_of_line {
                break;
            }
            line.push(tok);
        }
        let span = line_span(&hash, &line);
        let args = line.get(1..).unwrap_or_default();
        match parse_define(args, span, interner, self.known.va_args) {
            Ok((_, mac)) => {
                let mac = Rc::new(mac);
                self.macros.insert(sym, Definition::Parsed(Rc::clone(&mac)));
                Some(mac)
            }
            Err(diag) => {
                self.out.diagnostics.push(*diag);
                self.macros.remove(&sym);
                None
            }
        }
    }
}
