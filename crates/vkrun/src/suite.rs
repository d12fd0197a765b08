//! The GPU litmus campaign over a bundle made by `scripts/gpu-litmus.sh`
//! (its `tests.txt`, and `ID.spv` + `ID.json` per test): a short random
//! search of environments per shape, then every forbidding test, every
//! test mutant and every compiler mutant at its shape's best environment,
//! and the report — per run instances, outcomes seen, rates, killed and
//! reproducibility confidence, and the mutation scores.

use std::collections::BTreeMap;
use std::path::Path;

use crate::litmus::{self, Environment, Outcomes, Pattern, Rng, Settings};
use crate::{parse_descriptor_map, Device, Kernel};

/// What a test is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Its outcome is forbidden: it must never appear.
    Forbid,
    /// An allowed neighbour of a forbidding test (MC Mutants' operators).
    Mutant,
    /// A forbidding test compiled by a deliberately broken oclc.
    Compiler,
}

/// One line of `tests.txt`.
#[derive(Clone, Debug)]
pub struct Test {
    /// Its name (`FORBID@MUTANT` for a compiler mutant).
    pub id: String,
    /// The source file: the test's shape.
    pub shape: String,
    /// What it is.
    pub kind: Kind,
    /// The outcome counted.
    pub outcome: Pattern,
    /// The forbidding test a mutant neighbours (`-` for those).
    pub parent: String,
    /// The mutation operator, or the compiler mutant's name.
    pub operator: String,
}

/// Parses `tests.txt`: `id file defines kind outcome parent operator`.
///
/// # Errors
/// A line with other columns or an unknown kind.
pub fn parse_tests(text: &str) -> Result<Vec<Test>, String> {
    let mut tests = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.is_empty() || fields[0].starts_with('#') {
            continue;
        }
        let [id, file, _defines, kind, outcome, parent, operator] = fields[..] else {
            return Err(format!("tests.txt:{}: seven columns expected", number + 1));
        };
        let kind = match kind {
            "forbid" => Kind::Forbid,
            "mutant" => Kind::Mutant,
            "compiler" => Kind::Compiler,
            other => return Err(format!("tests.txt:{}: unknown kind `{other}`", number + 1)),
        };
        tests.push(Test {
            id: id.to_owned(),
            shape: file.to_owned(),
            kind,
            outcome: Pattern::parse(outcome)?,
            parent: parent.to_owned(),
            operator: operator.to_owned(),
        });
    }
    Ok(tests)
}

/// How much to run.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Random environments tried per shape (besides the default one and
    /// the default one with the touch).
    pub tune_environments: u32,
    /// Seconds per mutant and environment while tuning.
    pub tune_seconds: f64,
    /// Per forbidding test: seconds, and instances after which to stop.
    pub forbid_seconds: f64,
    /// Instances after which a forbidding test stops.
    pub forbid_instances: u64,
    /// Seconds per test mutant.
    pub mutant_seconds: f64,
    /// Seconds per compiler mutant and forbidding test.
    pub compiler_seconds: f64,
    /// Seed of the search and of every run.
    pub seed: u64,
    /// Dispatches per submission.
    pub batch: u32,
    /// Seconds after which no run starts (the tuning stops at 40% of
    /// it); the tests not run are reported.
    pub deadline: f64,
    /// Buffers in host-visible memory (see `litmus::Settings`).
    pub host_memory: bool,
    /// Whether to take the two kernels from two modules (`ID.test.spv`,
    /// `ID.check.spv`) rather than one (`ID.spv`).
    pub split: bool,
}

/// One run's result.
#[derive(Clone, Debug)]
pub struct Record {
    /// `tune` or `test`.
    pub phase: &'static str,
    /// The test's id.
    pub id: String,
    /// What it is.
    pub kind: Kind,
    /// Its shape.
    pub shape: String,
    /// Its parent and operator.
    pub parent: String,
    /// Its operator.
    pub operator: String,
    /// The environment and seed (enough to repeat the run).
    pub env: Environment,
    /// The seed.
    pub seed: u64,
    /// What the run saw.
    pub outcomes: Outcomes,
    /// Instances showing the test's outcome.
    pub seen: u64,
    /// Why the run failed, if it did (the campaign goes on).
    pub error: Option<String>,
}

impl Record {
    /// One JSON object.
    pub fn json(&self) -> String {
        let tuple = |t: &[u32]| t.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        let counts: Vec<String> = self
            .outcomes
            .counts
            .iter()
            .map(|(k, v)| format!("\"{}\": {v}", tuple(k)))
            .collect();
        format!(
            "{{\"phase\": \"{}\", \"test\": \"{}\", \"kind\": \"{:?}\", \"parent\": \"{}\", \
             \"operator\": \"{}\", \"env\": \"{}\", \"seed\": {}, \"instances\": {}, \
             \"dispatches\": {}, \"seen\": {}, \"seconds\": {:.3}, \"error\": {}, \
             \"outcomes\": {{{}}}}}",
            self.phase,
            self.id,
            self.kind,
            self.parent,
            self.operator,
            self.env,
            self.seed,
            self.outcomes.instances,
            self.outcomes.dispatches,
            self.seen,
            self.outcomes.seconds,
            self.error
                .as_ref()
                .map_or("null".to_owned(), |e| format!("{:?}", e)),
            counts.join(", ")
        )
    }
}

/// The module and kernels of test `id` in `dir`.
fn load(dir: &Path, id: &str) -> Result<(Vec<u32>, Vec<Kernel>), String> {
    let spv = dir.join(format!("{id}.spv"));
    let bytes = std::fs::read(&spv).map_err(|e| format!("{}: {e}", spv.display()))?;
    let words = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let map = dir.join(format!("{id}.json"));
    let text = std::fs::read_to_string(&map).map_err(|e| format!("{}: {e}", map.display()))?;
    Ok((words, parse_descriptor_map(&text)?))
}

/// A seed per run, from the campaign's seed and the run's name.
fn seed_for(seed: u64, name: &str) -> u64 {
    name.bytes().fold(seed ^ 0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// Runs the campaign over the bundle in `dir`; `progress` gets each
/// record as it is made.
///
/// # Errors
/// A missing or malformed bundle file, or a failed run.
pub fn campaign(
    device: &Device,
    dir: &Path,
    budget: &Budget,
    progress: &mut dyn FnMut(&Record),
) -> Result<Vec<Record>, String> {
    let list = dir.join("tests.txt");
    let text = std::fs::read_to_string(&list).map_err(|e| format!("{}: {e}", list.display()))?;
    let tests = parse_tests(&text)?;
    let mut records = Vec::new();
    let start = std::time::Instant::now();
    let mut run = |test: &Test,
                   phase: &'static str,
                   env: &Environment,
                   seconds: f64,
                   instances: u64,
                   records: &mut Vec<Record>|
     -> Result<u64, String> {
        let seed = seed_for(budget.seed, &format!("{phase}/{}/{env}", test.id));
        let settings = Settings {
            env: env.clone(),
            seed,
            batch: budget.batch,
            instances,
            seconds,
            host_memory: budget.host_memory,
        };
        // One module with both kernels (`ID`), or one each (`ID.test`,
        // `ID.check`).
        let first = if budget.split {
            format!("{}.test", test.id)
        } else {
            test.id.clone()
        };
        let result = load(dir, &first).and_then(|(words, kernels)| {
            let (check_words, check_kernels) = if budget.split {
                load(dir, &format!("{}.check", test.id))?
            } else {
                (words.clone(), kernels.clone())
            };
            litmus::run(
                device,
                (&words, &kernels),
                (&check_words, &check_kernels),
                test.outcome.keys(),
                &settings,
            )
        });
        let (outcomes, error) = match result {
            Ok(outcomes) => (outcomes, None),
            Err(e) => (Outcomes::default(), Some(e)),
        };
        let seen = outcomes.count(&test.outcome);
        let record = Record {
            phase,
            id: test.id.clone(),
            kind: test.kind,
            shape: test.shape.clone(),
            parent: test.parent.clone(),
            operator: test.operator.clone(),
            env: env.clone(),
            seed,
            outcomes,
            seen,
            error,
        };
        progress(&record);
        records.push(record);
        Ok(seen)
    };
    // Tuning: per shape, the environment under which its test mutants
    // are killed most (then: most weak outcomes per second).
    let mut best: BTreeMap<String, Environment> = BTreeMap::new();
    let mut rng = Rng(budget.seed);
    let shapes: Vec<String> = {
        let mut s: Vec<String> = tests.iter().map(|t| t.shape.clone()).collect();
        s.dedup();
        s.sort();
        s.dedup();
        s
    };
    for shape in &shapes {
        let mutants: Vec<&Test> = tests
            .iter()
            .filter(|t| t.kind == Kind::Mutant && &t.shape == shape)
            .collect();
        // The default environment, the same with the touch of the
        // sectors a test reads stale (common.h) in every dispatch, then
        // random ones.
        let mut candidates = vec![Environment::default()];
        if !mutants.is_empty() {
            candidates.push(Environment {
                touch_pct: 100,
                ..Environment::default()
            });
            candidates.extend((0..budget.tune_environments).map(|_| Environment::random(&mut rng)));
        }
        let mut scored: Option<((usize, f64), Environment)> = None;
        for env in candidates {
            if scored.is_some() && start.elapsed().as_secs_f64() > 0.4 * budget.deadline {
                break;
            }
            if mutants.is_empty() {
                scored = Some(((0, 0.0), env));
                break;
            }
            let (mut killed, mut rate) = (0usize, 0.0f64);
            for test in &mutants {
                let seen = run(
                    test,
                    "tune",
                    &env,
                    budget.tune_seconds,
                    u64::MAX,
                    &mut records,
                )?;
                let last = records.last().map_or(1.0, |r| r.outcomes.seconds.max(1e-9));
                killed += usize::from(seen > 0);
                rate += seen as f64 / last;
            }
            if scored
                .as_ref()
                .is_none_or(|((k, r), _)| (killed, rate) > (*k, *r))
            {
                scored = Some(((killed, rate), env));
            }
        }
        if let Some((_, env)) = scored {
            best.insert(shape.clone(), env);
        }
    }
    for test in &tests {
        if start.elapsed().as_secs_f64() > budget.deadline {
            let record = Record {
                phase: "test",
                id: test.id.clone(),
                kind: test.kind,
                shape: test.shape.clone(),
                parent: test.parent.clone(),
                operator: test.operator.clone(),
                env: Environment::default(),
                seed: 0,
                outcomes: Outcomes::default(),
                seen: 0,
                error: Some("not run: the campaign's deadline passed".into()),
            };
            records.push(record);
            continue;
        }
        let env = best.get(&test.shape).cloned().unwrap_or_default();
        let (seconds, instances) = match test.kind {
            Kind::Forbid => (budget.forbid_seconds, budget.forbid_instances),
            Kind::Mutant => (budget.mutant_seconds, u64::MAX),
            Kind::Compiler => (budget.compiler_seconds, u64::MAX),
        };
        run(test, "test", &env, seconds, instances, &mut records)?;
    }
    Ok(records)
}

/// Probability that a rerun of the same length sees the outcome again,
/// after `k` sightings: 1 - e^(-k).
pub fn confidence(k: u64) -> f64 {
    1.0 - (-(k as f64)).exp()
}

/// Instances after which a mutant never killed counts as unobservable.
pub const UNOBSERVABLE_AFTER: u64 = 1_000_000_000;

/// The report of a campaign: the tuned environments, a table of the test
/// runs, and the mutation scores (Markdown).
pub fn report(records: &[Record]) -> String {
    let mut out = String::new();
    let tests: Vec<&Record> = records.iter().filter(|r| r.phase == "test").collect();
    let mut envs: BTreeMap<&str, String> = BTreeMap::new();
    for r in &tests {
        envs.insert(&r.shape, r.env.to_string());
    }
    out.push_str("Tuned environment per shape:\n\n");
    for (shape, env) in &envs {
        out.push_str(&format!("- `{shape}`: `{env}`\n"));
    }
    let tuning = records.iter().filter(|r| r.phase == "tune").count();
    out.push_str(&format!("\n({tuning} tuning runs.)\n\n"));
    out.push_str(
        "| test | kind | parent | operator | instances | instances/s | seen | per instance | \
         per second | killed | confidence |\n|---|---|---|---|---|---|---|---|---|---|---|\n",
    );
    let observed: BTreeMap<&str, u64> = records.iter().fold(BTreeMap::new(), |mut m, r| {
        *m.entry(r.id.as_str()).or_default() += r.seen;
        m
    });
    let mut forbidden_seen = Vec::new();
    for r in &tests {
        let o = &r.outcomes;
        let per_instance = r.seen as f64 / o.instances.max(1) as f64;
        let per_second = r.seen as f64 / o.seconds.max(1e-9);
        let killed = match (&r.error, r.kind) {
            (Some(_), _) => "run failed",
            (None, Kind::Forbid) => {
                if r.seen > 0 {
                    forbidden_seen.push(r.id.clone());
                    "FORBIDDEN SEEN"
                } else {
                    "pass"
                }
            }
            _ if r.seen > 0 => "yes",
            _ if o.instances >= UNOBSERVABLE_AFTER && observed[r.id.as_str()] == 0 => {
                "unobservable"
            }
            _ => "no",
        };
        out.push_str(&format!(
            "| {} | {:?} | {} | {} | {} | {:.2e} | {} | {:.1e} | {:.1e} | {} | {} |\n",
            r.id,
            r.kind,
            r.parent,
            r.operator,
            o.instances,
            o.instances as f64 / o.seconds.max(1e-9),
            r.seen,
            per_instance,
            per_second,
            killed,
            if r.kind == Kind::Forbid {
                "-".to_owned()
            } else {
                format!("{:.3}%", confidence(r.seen) * 100.0)
            }
        ));
    }
    // Mutation scores: a test mutant is one row; a compiler mutant is
    // killed when any forbidding test compiled with it shows its
    // forbidden outcome (the sightings add up over the suite).
    let mut mutants: BTreeMap<(bool, String), (u64, u64, bool)> = BTreeMap::new();
    for r in &tests {
        let key = match r.kind {
            Kind::Forbid => continue,
            Kind::Mutant => (false, r.id.clone()),
            Kind::Compiler => (true, r.operator.clone()),
        };
        let entry = mutants.entry(key).or_default();
        entry.0 += r.seen;
        entry.1 += r.outcomes.instances;
        entry.2 |= observed[r.id.as_str()] > 0;
    }
    out.push_str("\n| mutant | kind | seen | instances | killed at 95% | observable |\n");
    out.push_str("|---|---|---|---|---|---|\n");
    let (mut total, mut killed95, mut observable, mut unobservable) = (0, 0, 0, Vec::new());
    for ((compiler, name), (seen, instances, seen_anywhere)) in &mutants {
        total += 1;
        let strong = *seen >= 3;
        killed95 += usize::from(strong);
        observable += usize::from(*seen_anywhere);
        let status = if *seen_anywhere {
            "yes"
        } else if *instances >= UNOBSERVABLE_AFTER {
            unobservable.push(name.clone());
            "unobservable on this GPU"
        } else {
            "not seen (too few instances to say)"
        };
        out.push_str(&format!(
            "| {name} | {} | {seen} | {instances} | {} | {status} |\n",
            if *compiler { "compiler" } else { "test" },
            if strong { "yes" } else { "no" }
        ));
    }
    out.push_str(&format!(
        "\nMutation score: {killed95}/{total} killed at >= 95% confidence ({:.0}%); \
         over the {observable} observable: {:.0}%.\n",
        100.0 * killed95 as f64 / total.max(1) as f64,
        100.0 * killed95 as f64 / observable.max(1) as f64
    ));
    if !unobservable.is_empty() {
        out.push_str(&format!(
            "Unobservable on this GPU: {}.\n",
            unobservable.join(", ")
        ));
    }
    if forbidden_seen.is_empty() {
        out.push_str("Forbidden outcomes: none.\n");
    } else {
        out.push_str(&format!(
            "FORBIDDEN OUTCOMES SEEN in {}.\n",
            forbidden_seen.join(", ")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_suite_list_parses() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/litmus/tests.txt"
        ))
        .expect("tests.txt");
        let tests = parse_tests(&text).expect("parses");
        let forbid: Vec<&Test> = tests.iter().filter(|t| t.kind == Kind::Forbid).collect();
        assert!(forbid.len() >= 10);
        // Every mutant neighbours a forbidding test of the same shape and
        // counts the same outcome.
        for t in tests.iter().filter(|t| t.kind == Kind::Mutant) {
            let parent = forbid.iter().find(|f| f.id == t.parent);
            let parent = parent.unwrap_or_else(|| panic!("{}: no parent {}", t.id, t.parent));
            assert_eq!(parent.shape, t.shape, "{}", t.id);
            assert_eq!(parent.outcome, t.outcome, "{}", t.id);
            assert!(
                ["weaken", "fence", "scope", "reverse"].contains(&t.operator.as_str()),
                "{}",
                t.id
            );
        }
        assert!(parse_tests("a b c forbid 1,0 -").is_err());
        assert!(parse_tests("a b c maybe 1,0 - -").is_err());
    }

    #[test]
    fn confidence_follows_the_poisson_rule() {
        assert!(confidence(3) > 0.95);
        assert!(confidence(2) < 0.95);
        assert!(confidence(12) > 0.99999);
        assert_eq!(confidence(0), 0.0);
    }
}
