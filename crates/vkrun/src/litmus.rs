//! The litmus runner: dispatches a kernel written to the protocol of
//! `tests/litmus/README.md` many times, with fresh random pairings of
//! instances each time, and counts outcomes.

use std::collections::BTreeMap;

use crate::{Arg, Device, Kernel};

/// How to run a litmus test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Work-groups per dispatch (a multiple of `roles`).
    pub groups: u32,
    /// Work-items per work-group.
    pub local: u32,
    /// Dispatches.
    pub iterations: u32,
    /// Roles (work-items per instance).
    pub roles: u32,
    /// Results per instance.
    pub results: u32,
    /// Elements between an instance's two locations (and between
    /// instances): 1 packs them, 16+ spreads them over cache lines.
    pub stride: u32,
    /// Seed of the pairing permutations.
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            groups: 256,
            local: 256,
            iterations: 100,
            roles: 2,
            results: 2,
            stride: 1,
            seed: 1,
        }
    }
}

/// What a litmus run saw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outcomes {
    /// Instances run.
    pub instances: u64,
    /// How often each result tuple appeared.
    pub counts: BTreeMap<Vec<u32>, u64>,
    /// Wall time of the dispatches, in seconds.
    pub seconds: f64,
}

impl Outcomes {
    /// How often `tuple` appeared.
    pub fn count(&self, tuple: &[u32]) -> u64 {
        self.counts.get(tuple).copied().unwrap_or(0)
    }
}

/// A small deterministic generator (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn shuffle(&mut self, values: &mut [u32]) {
        for i in (1..values.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            values.swap(i, j);
        }
    }
}

/// Runs litmus kernel `kernel` of `spirv` as `settings` says.
///
/// # Errors
/// A message when the settings are inconsistent or Vulkan fails.
pub fn run(
    device: &Device,
    spirv: &[u32],
    kernel: &Kernel,
    settings: &Settings,
) -> Result<Outcomes, String> {
    let s = settings;
    if s.roles == 0 || !s.groups.is_multiple_of(s.roles) || s.local == 0 {
        return Err("the work-groups must be a nonzero multiple of the roles".into());
    }
    let instances = s.groups / s.roles * s.local;
    let locations = (instances * s.stride * 2) as usize;
    let args = vec![
        Arg::Buffer(vec![0; locations * 4]),
        Arg::Buffer(vec![0; locations * 4]),
        Arg::Buffer(vec![0; (instances * s.results) as usize * 4]),
        Arg::Buffer(vec![0; (instances * s.roles) as usize * 4]),
        Arg::Buffer(vec![0; 4]),
        Arg::uint(instances),
        Arg::uint(s.stride),
    ];
    let mut dispatch = device.prepare(spirv, kernel, &args, [s.local, 1, 1])?;
    let mut rng = Rng(s.seed);
    let mut outcomes = Outcomes::default();
    let start = std::time::Instant::now();
    let mut order: Vec<u32> = (0..instances).collect();
    for _ in 0..s.iterations {
        for index in [0, 1, 2, 4] {
            dispatch.buffer_mut(index)?.fill(0);
        }
        let perm = dispatch.buffer_mut(3)?;
        for role in 0..s.roles {
            if role > 0 {
                rng.shuffle(&mut order);
            } else {
                for (k, v) in order.iter_mut().enumerate() {
                    *v = k as u32;
                }
            }
            let base = (role * instances) as usize * 4;
            for (k, v) in order.iter().enumerate() {
                perm[base + k * 4..base + k * 4 + 4].copy_from_slice(&v.to_le_bytes());
            }
        }
        dispatch.run([s.groups, 1, 1])?;
        let out = dispatch.buffer_mut(2)?;
        for chunk in out.chunks_exact(s.results as usize * 4) {
            let tuple: Vec<u32> = chunk
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            *outcomes.counts.entry(tuple).or_default() += 1;
        }
        outcomes.instances += u64::from(instances);
    }
    outcomes.seconds = start.elapsed().as_secs_f64();
    Ok(outcomes)
}
