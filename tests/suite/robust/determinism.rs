//! Determinism: the same input and options give byte-identical modules and
//! diagnostics on every run, in any thread, and whatever the order of
//! options that do not change the meaning (`-D` of different macros, `-I`
//! directories that do not shadow each other, warning flags for different
//! lints).

use super::support::corpus;
use crate::fixtures;

/// Everything a compilation produces that must be reproducible.
#[derive(Debug, PartialEq, Eq)]
struct Output {
    words: Option<Vec<u32>>,
    human: String,
    json: String,
}

fn run(name: &str, text: &str, options: &oclc::Options) -> Output {
    let source = oclc::Source::new(name, text);
    let (words, report) = match oclc::compile(&source, options) {
        Ok(c) => (Some(c.words), c.report),
        Err(f) => (None, f.report),
    };
    Output {
        words,
        human: report.render_human(oclc::HumanStyle::PLAIN),
        json: report.render_json(),
    }
}

#[test]
fn every_fixture_compiles_to_identical_bytes_twice() {
    for (name, text) in corpus() {
        let options = fixtures::options_for(&text);
        let first = run(&name, &text, &options);
        let second = run(&name, &text, &options);
        assert_eq!(first, second, "{name}");
    }
}

#[test]
fn results_do_not_depend_on_the_thread() {
    let corpus = corpus();
    let here: Vec<Output> = corpus
        .iter()
        .map(|(name, text)| run(name, text, &fixtures::options_for(text)))
        .collect();
    let there = std::thread::spawn(move || {
        corpus
            .iter()
            .map(|(name, text)| run(name, text, &fixtures::options_for(text)))
            .collect::<Vec<Output>>()
    })
    .join()
    .expect("no panic");
    assert_eq!(here, there);
}

/// A kernel whose output depends on two macros and two headers.
const KERNEL: &str = "\
#include \"a.h\"
#include \"b.h\"
kernel void k(global atomic_int *c, global int *out) {
    atomic_fetch_add_explicit(c, A_VALUE + B_VALUE, memory_order_relaxed, memory_scope_device);
    out[0] = N * M;
    atomic_store_explicit(c, 1, memory_order_relaxed, SCOPE);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_relaxed, memory_scope_device);
}
";

#[test]
fn option_order_that_does_not_change_meaning_does_not_change_output() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("robust-option-order");
    let _ = std::fs::remove_dir_all(&dir);
    for (sub, header) in [("ia", "a.h"), ("ib", "b.h")] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
        let macro_name = if header == "a.h" {
            "A_VALUE"
        } else {
            "B_VALUE"
        };
        std::fs::write(
            dir.join(sub).join(header),
            format!("#define {macro_name} 3\n"),
        )
        .unwrap();
    }
    let main = dir.join("k.cl");
    std::fs::write(&main, KERNEL).unwrap();
    let ia = dir.join("ia").display().to_string();
    let ib = dir.join("ib").display().to_string();
    let orders = [
        format!("-DN=2 -DM=5 -DSCOPE=memory_scope_work_group -I{ia} -I{ib} -Wno-relaxed-fence -Werror=local-scope-too-wide"),
        format!("-I{ib} -DSCOPE=memory_scope_work_group -Werror=local-scope-too-wide -DM=5 -I{ia} -Wno-relaxed-fence -DN=2"),
        format!("-Wno-relaxed-fence -DM=5 -I{ib} -I{ia} -DN=2 -Werror=local-scope-too-wide -DSCOPE=memory_scope_work_group"),
    ];
    let name = main.display().to_string();
    let outputs: Vec<Output> = orders
        .iter()
        .map(|o| {
            run(
                &name,
                KERNEL,
                &oclc::Options::from_build_options(o).unwrap(),
            )
        })
        .collect();
    assert!(outputs[0].words.is_some(), "{}", outputs[0].human);
    assert!(outputs[0].human.is_empty(), "{}", outputs[0].human);
    for (o, order) in outputs.iter().zip(&orders).skip(1) {
        assert_eq!(o, &outputs[0], "{order}");
    }
    // The same holds for the command line (`-o -` writes to stdout).
    let cli = |order: &str| {
        let mut args: Vec<String> = order.split(' ').map(String::from).collect();
        args.extend(["k.cl".into(), "-o".into(), "-".into()]);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_oclc"))
            .args(&args)
            .current_dir(&dir)
            .output()
            .expect("run oclc");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    let first = cli(&orders[0]);
    for order in &orders[1..] {
        assert_eq!(cli(order), first, "{order}");
    }
}
