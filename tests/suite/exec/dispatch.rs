//! Orders and scopes passed as kernel arguments (`tests/exec/dispatch.cl`):
//! oclc cannot fold them into constants and must dispatch at run time. Every
//! valid value (and valid pair, for compare-exchange) is run and checked.

use super::{build, fixture, reference_cannot, runtime_for, Arg, Built, Runtime, CONTENDED};

/// The enumerator values as the compiled kernel sees them.
struct Enums {
    relaxed: i32,
    acquire: i32,
    release: i32,
    acq_rel: i32,
    seq_cst: i32,
    work_group: i32,
    device: i32,
    all_svm_devices: i32,
}

fn enums(runtime: &Runtime, program: &Built<'_>) -> Enums {
    let out = runtime.zeroed::<i32>(8);
    program.run(
        "enum_values",
        &[Arg::Buffer(&out)],
        super::Range {
            global: 1,
            local: 1,
        },
    );
    let v = runtime.read::<i32>(&out);
    Enums {
        relaxed: v[0],
        acquire: v[1],
        release: v[2],
        acq_rel: v[3],
        seq_cst: v[4],
        work_group: v[5],
        device: v[6],
        all_svm_devices: v[7],
    }
}

fn sorted(mut values: Vec<i32>) -> Vec<i32> {
    values.sort_unstable();
    values
}

#[test]
fn orders_and_scopes_from_arguments() {
    let test = test_name!();
    let Some(runtime) = runtime_for(test) else {
        return;
    };
    if reference_cannot(
        test,
        "llvm-spirv-15 emits helper functions with an invalid linkage type for a non-constant order",
    ) {
        return;
    }
    let program = build(&runtime, fixture!("dispatch.cl"), "-cl-std=CL2.0");
    let e = enums(&runtime, &program);
    let n = CONTENDED.global;
    let all_orders = [e.relaxed, e.acquire, e.release, e.acq_rel, e.seq_cst];
    let counting: Vec<i32> = (0..n as i32).collect();

    for order in all_orders {
        for scope in [e.device, e.all_svm_devices] {
            let counter = runtime.zeroed::<i32>(1);
            let olds = runtime.zeroed::<i32>(n);
            program.run(
                "fetch_add",
                &[
                    Arg::Buffer(&counter),
                    Arg::Buffer(&olds),
                    Arg::Int(order),
                    Arg::Int(scope),
                ],
                CONTENDED,
            );
            assert_eq!(
                runtime.read::<i32>(&counter)[0],
                n as i32,
                "fetch_add order {order} scope {scope}"
            );
            assert_eq!(
                sorted(runtime.read::<i32>(&olds)),
                counting,
                "fetch_add order {order} scope {scope}"
            );
        }
        for scope in [e.work_group, e.device] {
            let groups = n / CONTENDED.local;
            let olds = runtime.zeroed::<i32>(n);
            let finals = runtime.zeroed::<i32>(groups);
            program.run(
                "fetch_add_local",
                &[
                    Arg::Buffer(&olds),
                    Arg::Buffer(&finals),
                    Arg::Int(order),
                    Arg::Int(scope),
                ],
                CONTENDED,
            );
            assert_eq!(
                runtime.read::<i32>(&finals),
                vec![CONTENDED.local as i32; groups],
                "local fetch_add order {order} scope {scope}"
            );
            let olds = runtime.read::<i32>(&olds);
            for group in olds.chunks(CONTENDED.local) {
                assert_eq!(
                    sorted(group.to_vec()),
                    counting[..CONTENDED.local],
                    "local fetch_add olds"
                );
            }
        }
    }

    for store in [e.relaxed, e.release, e.seq_cst] {
        for load in [e.relaxed, e.acquire, e.seq_cst] {
            let cells = runtime.zeroed::<i32>(n);
            let loaded = runtime.zeroed::<i32>(n);
            program.run(
                "store_load",
                &[
                    Arg::Buffer(&cells),
                    Arg::Buffer(&loaded),
                    Arg::Int(store),
                    Arg::Int(load),
                ],
                CONTENDED,
            );
            let want: Vec<i32> = (1..=n as i32).collect();
            assert_eq!(
                runtime.read::<i32>(&loaded),
                want,
                "store order {store}, load order {load}"
            );
        }
    }

    let pairs = [
        (e.relaxed, e.relaxed),
        (e.acquire, e.relaxed),
        (e.acquire, e.acquire),
        (e.release, e.relaxed),
        (e.acq_rel, e.relaxed),
        (e.acq_rel, e.acquire),
        (e.seq_cst, e.relaxed),
        (e.seq_cst, e.acquire),
        (e.seq_cst, e.seq_cst),
    ];
    for (success, failure) in pairs {
        let counter = runtime.zeroed::<i32>(1);
        let olds = runtime.zeroed::<i32>(n);
        program.run(
            "compare_exchange",
            &[
                Arg::Buffer(&counter),
                Arg::Buffer(&olds),
                Arg::Int(success),
                Arg::Int(failure),
            ],
            CONTENDED,
        );
        let what = format!("compare_exchange success {success} failure {failure}");
        assert_eq!(runtime.read::<i32>(&counter)[0], n as i32, "{what}");
        assert_eq!(sorted(runtime.read::<i32>(&olds)), counting, "{what}");
    }
}
