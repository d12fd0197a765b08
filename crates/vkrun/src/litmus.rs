//! The litmus runner, in the style of MC Mutants' parallel testing
//! environment: every work-item runs one role of each of several
//! instances (tests/litmus/common.h pairs them across work-groups), each
//! dispatch draws its work-group count, work-group shuffle, pairing and
//! location permutations and its stress from a seeded generator, and the
//! GPU counts each dispatch's outcomes (crate::harness). An
//! [`Environment`] is the tunable part; with the seed it repeats a run.

use std::collections::BTreeMap;

use crate::harness::{Harness, Sizes};
use crate::{Device, Kernel};

/// Words of one dispatch's parameter block, and the offsets in it: the
/// same numbers as `tests/litmus/common.h`.
pub const PARAM_WORDS: u32 = 32;
const P_TESTING: usize = 0;
const P_GROUPS: usize = 1;
const P_SHUFFLE_A: usize = 2;
const P_SHUFFLE_B: usize = 3;
const P_LID_PRIME: usize = 4;
const P_STRIDE: usize = 5;
const P_PRE_STRESS: usize = 6;
const P_MEM_STRESS: usize = 7;
const P_BARRIER: usize = 8;
const P_PRE_PATTERN: usize = 9;
const P_MEM_PATTERN: usize = 10;
const P_STRESS_LINES: usize = 11;
const P_LINE_WORDS: usize = 12;
const P_STRESS_SHIFT: usize = 13;
const P_TOUCH: usize = 14;
const P_LOC_PRIME: usize = 16;
/// Locations per instance the buffers are sized for (common.h's tests
/// use at most 3), and the words before the scratch lines.
const MAX_LOCATIONS: u64 = 4;
const SCRATCH_BASE: u64 = 64;
/// The largest number of roles of a test.
const MAX_ROLES: u32 = 4;

/// The tunable parameters of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Environment {
    /// Work-items per work-group (a power of two).
    pub local: u32,
    /// Testing work-groups per dispatch.
    pub testing: u32,
    /// Most work-groups per dispatch: each dispatch runs a random count in
    /// `testing..=max_groups`; the ones past the testing ones stress.
    pub max_groups: u32,
    /// Words between an instance's locations (8 = one 32-byte sector).
    pub stride: u32,
    /// Percentage of dispatches whose testing work-items pre-stress, the
    /// rounds and the pattern (0 st-st, 1 st-ld, 2 ld-st, 3 ld-ld).
    pub pre_stress_pct: u32,
    /// Pre-stress rounds.
    pub pre_stress_iterations: u32,
    /// Pre-stress pattern.
    pub pre_stress_pattern: u32,
    /// Percentage of dispatches whose spare work-groups stress memory.
    pub mem_stress_pct: u32,
    /// Memory-stress rounds.
    pub mem_stress_iterations: u32,
    /// Memory-stress pattern.
    pub mem_stress_pattern: u32,
    /// Scratch lines the stress targets, and words per line.
    pub stress_lines: u32,
    /// Words per scratch line.
    pub line_words: u32,
    /// Percentage of dispatches with the bounded global barrier, and its
    /// spins.
    pub barrier_pct: u32,
    /// Most spins at the barrier.
    pub barrier_spins: u32,
    /// Percentage of dispatches whose testing work-items first read the
    /// sector of each location the test's `TOUCH` mask names (common.h),
    /// so that a stale copy of its old value sits in their cache.
    pub touch_pct: u32,
}

impl Default for Environment {
    /// MC Mutants' shape without stress: 512 testing work-groups of 256,
    /// up to 1024 dispatched, locations one sector apart.
    fn default() -> Self {
        Environment {
            local: 256,
            testing: 512,
            max_groups: 1024,
            stride: 8,
            pre_stress_pct: 0,
            pre_stress_iterations: 0,
            pre_stress_pattern: 0,
            mem_stress_pct: 0,
            mem_stress_iterations: 0,
            mem_stress_pattern: 0,
            stress_lines: 64,
            line_words: 16,
            barrier_pct: 0,
            barrier_spins: 0,
            touch_pct: 0,
        }
    }
}

/// The fields of [`Environment`] by name, for [`Environment::parse`] and
/// `Display`: one table.
type Field = (&'static str, fn(&mut Environment) -> &mut u32);
const FIELDS: [Field; 15] = [
    ("local", |e| &mut e.local),
    ("testing", |e| &mut e.testing),
    ("max_groups", |e| &mut e.max_groups),
    ("stride", |e| &mut e.stride),
    ("pre_stress_pct", |e| &mut e.pre_stress_pct),
    ("pre_stress_iterations", |e| &mut e.pre_stress_iterations),
    ("pre_stress_pattern", |e| &mut e.pre_stress_pattern),
    ("mem_stress_pct", |e| &mut e.mem_stress_pct),
    ("mem_stress_iterations", |e| &mut e.mem_stress_iterations),
    ("mem_stress_pattern", |e| &mut e.mem_stress_pattern),
    ("stress_lines", |e| &mut e.stress_lines),
    ("line_words", |e| &mut e.line_words),
    ("barrier_pct", |e| &mut e.barrier_pct),
    ("barrier_spins", |e| &mut e.barrier_spins),
    ("touch_pct", |e| &mut e.touch_pct),
];

impl std::fmt::Display for Environment {
    /// `local=256,testing=512,...`: what [`Environment::parse`] reads.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut copy = self.clone();
        let text: Vec<String> = FIELDS
            .iter()
            .map(|(name, get)| format!("{name}={}", get(&mut copy)))
            .collect();
        f.write_str(&text.join(","))
    }
}

impl Environment {
    /// Reads `name=value,...` over the defaults.
    ///
    /// # Errors
    /// An unknown name or a value that is no number.
    pub fn parse(text: &str) -> Result<Environment, String> {
        let mut env = Environment::default();
        for item in text.split(',').filter(|s| !s.is_empty()) {
            let (name, value) = item
                .split_once('=')
                .ok_or_else(|| format!("environment: `{item}` is not name=value"))?;
            let (_, get) = FIELDS
                .iter()
                .find(|(n, _)| *n == name)
                .ok_or_else(|| format!("environment: unknown parameter `{name}`"))?;
            *get(&mut env) = value
                .parse()
                .map_err(|_| format!("environment: `{name}` is not a number"))?;
        }
        Ok(env)
    }

    /// A random environment of the tuning search (ranges after MC
    /// Mutants' and the WebGPU CTS's, sized for a GPU of ~1000 resident
    /// work-groups of 256).
    pub fn random(rng: &mut Rng) -> Environment {
        let mut r = |lo: u32, hi: u32| lo + (rng.next_u64() % u64::from(hi - lo + 1)) as u32;
        let testing = r(64, 1024);
        let pct = |v: u32| if v < 40 { 0 } else { v };
        Environment {
            local: [64, 128, 256][r(0, 2) as usize],
            testing,
            max_groups: testing + r(0, 1024),
            stride: [8, 16, 32, 64][r(0, 3) as usize],
            pre_stress_pct: pct(r(0, 100)),
            pre_stress_iterations: r(1, 128),
            pre_stress_pattern: r(0, 3),
            mem_stress_pct: pct(r(0, 100)),
            mem_stress_iterations: r(1, 1024),
            mem_stress_pattern: r(0, 3),
            stress_lines: r(1, 128),
            line_words: [8, 16, 32, 64][r(0, 3) as usize],
            barrier_pct: pct(r(0, 100)),
            barrier_spins: r(1, 1024),
            touch_pct: pct(r(0, 100)),
        }
    }

    /// Checks the limits the kernels rely on.
    fn validate(&self) -> Result<(), String> {
        let e = self;
        let ok = e.local.is_power_of_two()
            && (MAX_ROLES..=1024).contains(&e.local)
            && e.testing > 2 * MAX_ROLES
            && e.max_groups >= e.testing
            && u64::from(e.testing) * u64::from(e.local) <= 1 << 20
            && (1..=256).contains(&e.stride)
            && e.stress_lines >= 1
            && (3..=1024).contains(&e.line_words)
            && e.pre_stress_pattern < 4
            && e.mem_stress_pattern < 4
            && e.pre_stress_pct <= 100
            && e.mem_stress_pct <= 100
            && e.barrier_pct <= 100
            && e.touch_pct <= 100
            && (e.touch_pct == 0 || e.stride >= 2);
        if ok {
            Ok(())
        } else {
            Err(format!("environment out of range: {e}"))
        }
    }

    /// Instances per dispatch.
    pub fn instances(&self) -> u64 {
        u64::from(self.testing) * u64::from(self.local)
    }
}

/// How long to run, and with what.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The environment.
    pub env: Environment,
    /// Seed of every per-dispatch choice.
    pub seed: u64,
    /// Dispatches per submission.
    pub batch: u32,
    /// Stop once this many instances ran ...
    pub instances: u64,
    /// ... or this many seconds passed (at least one batch runs).
    pub seconds: f64,
    /// Buffers in host-visible memory (see `harness::Sizes`).
    pub host_memory: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            env: Environment::default(),
            seed: 1,
            batch: 32,
            instances: 10_000_000,
            seconds: f64::INFINITY,
            host_memory: false,
        }
    }
}

/// An outcome to count: alternatives of tuples whose `None` entries match
/// any value (`1,0`, `2,1,*|*,*,1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern(Vec<Vec<Option<u32>>>);

impl Pattern {
    /// Parses `a,b,...|...` (`*` for any value).
    ///
    /// # Errors
    /// Alternatives of different lengths, or values that are not numbers.
    pub fn parse(text: &str) -> Result<Pattern, String> {
        let alternatives = text
            .split('|')
            .map(|alt| {
                alt.split(',')
                    .map(|v| match v {
                        "*" => Ok(None),
                        _ => v
                            .parse()
                            .map(Some)
                            .map_err(|_| format!("outcome `{text}`: `{v}` is no value")),
                    })
                    .collect::<Result<Vec<_>, String>>()
            })
            .collect::<Result<Vec<_>, String>>()?;
        let keys = alternatives[0].len();
        if keys == 0 || keys > 6 || alternatives.iter().any(|a| a.len() != keys) {
            return Err(format!(
                "outcome `{text}`: 1 to 6 values, alike in every alternative"
            ));
        }
        Ok(Pattern(alternatives))
    }

    /// Values per outcome.
    pub fn keys(&self) -> u32 {
        self.0[0].len() as u32
    }

    /// Whether `tuple` matches.
    pub fn matches(&self, tuple: &[u32]) -> bool {
        self.0.iter().any(|alt| {
            alt.len() == tuple.len()
                && alt
                    .iter()
                    .zip(tuple)
                    .all(|(a, &v)| a.is_none_or(|a| a == v))
        })
    }
}

/// What a run saw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outcomes {
    /// Instances run.
    pub instances: u64,
    /// Dispatches run.
    pub dispatches: u64,
    /// How often each outcome (values clamped to 0..=3) appeared.
    pub counts: BTreeMap<Vec<u32>, u64>,
    /// Wall time of the run after its setup, in seconds.
    pub seconds: f64,
}

impl Outcomes {
    /// How many instances matched `pattern`.
    pub fn count(&self, pattern: &Pattern) -> u64 {
        self.counts
            .iter()
            .filter(|(t, _)| pattern.matches(t))
            .map(|(_, n)| n)
            .sum()
    }
}

/// A small deterministic generator (splitmix64).
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u32) -> u32 {
        (self.next_u64() % u64::from(n.max(1))) as u32
    }
}

/// The primes from 101 to 4093: the multipliers of the permutations
/// (below 4096, so `index * prime` fits 32 bits for 2^20 instances).
fn primes() -> Vec<u32> {
    (101u32..4096)
        .filter(|&n| (2..).take_while(|d| d * d <= n).all(|d| n % d != 0))
        .collect()
}

/// A random prime of `table` that does not divide `n` (so it permutes
/// `0..n` by multiplication).
fn coprime(rng: &mut Rng, table: &[u32], n: u32) -> u32 {
    loop {
        let p = table[rng.below(table.len() as u32) as usize];
        if !n.is_multiple_of(p) {
            return p;
        }
    }
}

/// Draws dispatch parameters: the block of [`PARAM_WORDS`] words and the
/// dispatched work-group count.
fn dispatch_params(env: &Environment, rng: &mut Rng, table: &[u32]) -> (Vec<u32>, u32) {
    let mut p = vec![0u32; PARAM_WORDS as usize];
    let groups = env.testing + rng.below(env.max_groups - env.testing + 1);
    let chance = |pct: u32, rng: &mut Rng| rng.below(100) < pct;
    p[P_TESTING] = env.testing;
    p[P_GROUPS] = groups;
    p[P_SHUFFLE_A] = coprime(rng, table, groups);
    p[P_SHUFFLE_B] = rng.below(groups);
    p[P_LID_PRIME] = coprime(rng, table, env.local);
    p[P_STRIDE] = env.stride;
    if chance(env.pre_stress_pct, rng) {
        p[P_PRE_STRESS] = env.pre_stress_iterations;
    }
    if chance(env.mem_stress_pct, rng) {
        p[P_MEM_STRESS] = env.mem_stress_iterations;
    }
    if chance(env.barrier_pct, rng) {
        p[P_BARRIER] = env.barrier_spins;
    }
    // (No draw when off: older environments repeat their runs.)
    p[P_TOUCH] = u32::from(env.touch_pct > 0 && chance(env.touch_pct, rng));
    p[P_PRE_PATTERN] = env.pre_stress_pattern;
    p[P_MEM_PATTERN] = env.mem_stress_pattern;
    p[P_STRESS_LINES] = env.stress_lines;
    p[P_LINE_WORDS] = env.line_words;
    p[P_STRESS_SHIFT] = rng.below(env.stress_lines);
    let n = env.testing * env.local;
    for k in 0..(MAX_LOCATIONS as usize - 1) {
        p[P_LOC_PRIME + k] = coprime(rng, table, n);
    }
    (p, groups)
}

/// One module and its kernels (from the descriptor map).
pub type Module<'a> = (&'a [u32], &'a [Kernel]);

/// Runs a litmus test: kernel `litmus_test` of module `test` and
/// `litmus_check` of module `check` (the same module, or the test compiled
/// a second time with `-DLITMUS_CHECK_ONLY`), whose outcomes have `keys`
/// values, as `settings` say.
///
/// # Errors
/// A message when the environment is out of range, a module does not
/// follow the protocol, a dispatch's outcomes do not add up to its
/// instances, or Vulkan fails.
pub fn run(
    device: &Device,
    test: Module<'_>,
    check: Module<'_>,
    keys: u32,
    settings: &Settings,
) -> Result<Outcomes, String> {
    let env = &settings.env;
    env.validate()?;
    if !(1..=6).contains(&keys) {
        return Err("an outcome has 1 to 6 values".into());
    }
    let find = |kernels: &'_ [Kernel], name: &str| {
        kernels
            .iter()
            .find(|k| k.name == name)
            .cloned()
            .ok_or_else(|| format!("the module has no kernel `{name}`"))
    };
    let bins = 1u32 << (2 * keys);
    let batch = settings.batch.max(1);
    let n = env.instances();
    let sizes = Sizes {
        local: env.local,
        memory: n * MAX_LOCATIONS * u64::from(env.stride),
        out: n * MAX_ROLES as u64,
        scratch: SCRATCH_BASE + u64::from(env.stress_lines) * u64::from(env.line_words) + 4,
        param_words: PARAM_WORDS,
        bins,
        batch,
        host_memory: settings.host_memory,
    };
    let mut harness = Harness::new(
        device,
        [test.0, check.0],
        &find(test.1, "litmus_test")?,
        &find(check.1, "litmus_check")?,
        sizes,
    )?;
    let table = primes();
    let mut rng = Rng(settings.seed);
    let mut outcomes = Outcomes::default();
    let mut totals = vec![0u64; bins as usize];
    let start = std::time::Instant::now();
    loop {
        let mut params = Vec::with_capacity((PARAM_WORDS * batch) as usize);
        let mut groups = Vec::with_capacity(batch as usize);
        for _ in 0..batch {
            let (p, g) = dispatch_params(env, &mut rng, &table);
            params.extend_from_slice(&p);
            groups.push((g, env.testing));
        }
        let hist = harness.run_batch(&params, &groups)?;
        for (k, dispatch) in hist.chunks_exact(bins as usize).enumerate() {
            let total: u64 = dispatch.iter().map(|&c| u64::from(c)).sum();
            if total != n {
                let peek = |index: usize, words: usize| {
                    harness
                        .peek(index, words)
                        .map_or(String::new(), |w| format!(" {w:?}"))
                };
                return Err(format!(
                    "dispatch {} counted {total} outcomes of {n} instances: the module's \
                     outcome does not have {keys} values, or the harness is broken \
                     (mem, out, params, hist:{}{}{}{})",
                    outcomes.dispatches + k as u64,
                    peek(1, 8),
                    peek(2, 8),
                    peek(3, 32),
                    peek(5, 16)
                ));
            }
            for (slot, &c) in totals.iter_mut().zip(dispatch) {
                *slot += u64::from(c);
            }
        }
        outcomes.dispatches += u64::from(batch);
        outcomes.instances += n * u64::from(batch);
        let elapsed = start.elapsed().as_secs_f64();
        if outcomes.instances >= settings.instances || elapsed >= settings.seconds {
            outcomes.seconds = elapsed;
            break;
        }
    }
    for (key, &count) in totals.iter().enumerate() {
        if count != 0 {
            let tuple = (0..keys)
                .rev()
                .map(|digit| (key as u32 >> (2 * digit)) & 3)
                .collect();
            outcomes.counts.insert(tuple, count);
        }
    }
    Ok(outcomes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn environments_print_and_parse_back() {
        let mut rng = Rng(7);
        for _ in 0..20 {
            let env = Environment::random(&mut rng);
            assert_eq!(Environment::parse(&env.to_string()), Ok(env.clone()));
            assert_eq!(env.validate(), Ok(()), "{env}");
        }
        assert!(Environment::parse("local=x").is_err());
        assert!(Environment::parse("colour=1").is_err());
    }

    #[test]
    fn patterns_match_alternatives_and_wildcards() {
        let p = Pattern::parse("2,1,*|*,*,1").expect("valid");
        assert_eq!(p.keys(), 3);
        assert!(p.matches(&[2, 1, 0]));
        assert!(p.matches(&[0, 0, 1]));
        assert!(!p.matches(&[1, 2, 2]));
        assert!(Pattern::parse("1,0|1").is_err());
        assert!(Pattern::parse("a").is_err());
    }

    #[test]
    fn the_touch_is_drawn_per_dispatch_and_needs_a_stride() {
        let table = primes();
        let env = |touch_pct| Environment {
            touch_pct,
            ..Environment::default()
        };
        // Off: never; on: in about touch_pct% of the dispatches.
        let mut rng = Rng(9);
        assert!((0..20).all(|_| dispatch_params(&env(0), &mut rng, &table).0[P_TOUCH] == 0));
        let on: u32 = (0..1000)
            .map(|_| dispatch_params(&env(30), &mut rng, &table).0[P_TOUCH])
            .sum();
        assert!((200..400).contains(&on), "{on}");
        assert!((0..20).all(|_| dispatch_params(&env(100), &mut rng, &table).0[P_TOUCH] == 1));
        let mut bad = env(100);
        bad.stride = 1;
        assert!(bad.validate().is_err());
        bad.touch_pct = 0;
        assert_eq!(bad.validate(), Ok(()));
    }

    #[test]
    fn dispatch_parameters_are_permutations() {
        let env = Environment::random(&mut Rng(3));
        let table = primes();
        let mut rng = Rng(5);
        for _ in 0..50 {
            let (p, groups) = dispatch_params(&env, &mut rng, &table);
            assert!((env.testing..=env.max_groups).contains(&groups));
            assert!(!groups.is_multiple_of(p[P_SHUFFLE_A]));
            assert!(!env.local.is_multiple_of(p[P_LID_PRIME]));
            let n = env.testing * env.local;
            assert!((0..3).all(|k| !n.is_multiple_of(p[P_LOC_PRIME + k])));
        }
    }
}
