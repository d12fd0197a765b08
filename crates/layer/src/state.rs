//! What the layer remembers between calls: for each application program it
//! built, what it did (a module of its own, a rejection, or the driver's
//! build with a note), which IL program stands behind which application
//! program, and which kernels came from those IL programs.
//!
//! One process-wide [`State`] behind a mutex ([`with`]). The lock is never
//! held across a call into the driver or the application.

use crate::config::Config;
use crate::driver::{Kernel, Program};
use crate::report::{Event, ReportFile};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock, PoisonError};

/// How an application program was built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Built {
    /// From oclc's module: the layer's IL program.
    Module(Program),
    /// oclc rejected it; nothing was built.
    Rejected,
    /// The driver built the application's program itself.
    Driver,
}

/// One application program the layer handled at `clBuildProgram`.
#[derive(Clone, Debug)]
pub struct Record {
    /// The layer's number for it.
    pub id: u64,
    /// The application's build options (`CL_PROGRAM_BUILD_OPTIONS`).
    pub options: String,
    /// How it was built.
    pub built: Built,
    /// The layer's text for the build log.
    pub log: String,
    /// A driver build of the source with the application's options, made
    /// on demand to answer `clGetKernelArgInfo` when the driver has no
    /// argument information for the IL program.
    pub shadow: Option<Program>,
}

impl Record {
    /// The driver programs the layer holds for this record.
    pub fn held(&self) -> impl Iterator<Item = Program> {
        let module = match self.built {
            Built::Module(module) => Some(module),
            _ => None,
        };
        module.into_iter().chain(self.shadow)
    }
}

/// The layer's memory.
#[derive(Debug)]
pub struct State {
    /// The settings.
    pub config: Config,
    records: HashMap<Program, Record>,
    /// IL program → application program.
    owners: HashMap<Program, Program>,
    /// Kernel of an IL program → application program (each holds one
    /// reference to it, as a kernel holds its program).
    kernels: HashMap<Kernel, Program>,
    next_id: u64,
    report: Option<ReportFile>,
}

impl State {
    /// An empty state with these settings.
    pub fn new(config: Config) -> State {
        let report = config
            .report
            .clone()
            .map(|path| ReportFile::new(path, config.format));
        State {
            config,
            records: HashMap::new(),
            owners: HashMap::new(),
            kernels: HashMap::new(),
            next_id: 1,
            report,
        }
    }

    /// A fresh program number.
    pub fn next_id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// The record of an application program.
    pub fn record(&self, program: Program) -> Option<&Record> {
        self.records.get(&program)
    }

    /// Remembers how `program` was built, returning the record it
    /// replaces (whose module, if any, the caller releases).
    pub fn insert(&mut self, program: Program, record: Record) -> Option<Record> {
        if let Built::Module(module) = record.built {
            self.owners.insert(module, program);
        }
        let old = self.records.insert(program, record);
        self.forget_module(old.as_ref());
        old
    }

    /// Forgets `program` (released by the application), returning its
    /// record.
    pub fn remove(&mut self, program: Program) -> Option<Record> {
        let old = self.records.remove(&program);
        self.forget_module(old.as_ref());
        old
    }

    fn forget_module(&mut self, old: Option<&Record>) {
        if let Some(Record {
            built: Built::Module(module),
            ..
        }) = old
        {
            self.owners.remove(module);
        }
    }

    /// Remembers the shadow build of `program` (see [`Record::shadow`]).
    pub fn set_shadow(&mut self, program: Program, shadow: Program) -> bool {
        match self.records.get_mut(&program) {
            Some(record) if record.shadow.is_none() => {
                record.shadow = Some(shadow);
                true
            }
            _ => false,
        }
    }

    /// The IL program that stands behind an application program.
    pub fn module_of(&self, program: Program) -> Option<Program> {
        match self.records.get(&program)?.built {
            Built::Module(module) => Some(module),
            _ => None,
        }
    }

    /// The application program an IL program stands behind.
    pub fn owner_of(&self, module: Program) -> Option<Program> {
        self.owners.get(&module).copied()
    }

    /// Records a kernel of `program`'s module.
    pub fn adopt_kernel(&mut self, kernel: Kernel, program: Program) {
        self.kernels.insert(kernel, program);
    }

    /// The application program of a kernel the layer created.
    pub fn kernel_owner(&self, kernel: Kernel) -> Option<Program> {
        self.kernels.get(&kernel).copied()
    }

    /// Forgets a released kernel, returning its application program.
    pub fn forget_kernel(&mut self, kernel: Kernel) -> Option<Program> {
        self.kernels.remove(&kernel)
    }

    /// Whether kernels of `program`'s module are alive (a rebuild is then
    /// `CL_INVALID_OPERATION`, as with a driver).
    pub fn has_kernels(&self, program: Program) -> bool {
        self.kernels.values().any(|&p| p == program)
    }

    /// Writes an event to the report file, if there is one; a failure is
    /// logged once per event and otherwise ignored.
    pub fn report(&mut self, event: &Event) {
        if let Some(file) = self.report.as_mut() {
            if let Err(e) = file.write(event) {
                crate::log(&format!("cannot write the report: {e}"));
            }
        }
    }
}

static STATE: OnceLock<Mutex<State>> = OnceLock::new();

/// Runs `f` on the process's state (created from the environment at the
/// first call; a bad variable is logged then).
pub fn with<T>(f: impl FnOnce(&mut State) -> T) -> T {
    let state = STATE.get_or_init(|| {
        let (config, problems) = Config::from_env();
        for problem in problems {
            crate::log(&problem);
        }
        Mutex::new(State::new(config))
    });
    let mut guard = state.lock().unwrap_or_else(PoisonError::into_inner);
    f(&mut guard)
}
