//! The `cl_khr_subgroup_*` extension functions (ballot, non-uniform vote
//! and arithmetic, clustered reductions, shuffles) as SPIR-V's
//! `OpGroupNonUniform*` instructions at `Subgroup` scope, as the OpenCL
//! SPIR-V environment maps them. Those instructions need SPIR-V 1.3, so a
//! module that uses one declares 1.3 (Intel's runtime reads up to 1.4).
//!
//! `int` predicates become `bool`s (`!= 0`) and `bool` results become
//! `int` 1 or 0. `sub_group_non_uniform_broadcast` with a lane that is not
//! a constant is `OpGroupNonUniformShuffle`: before SPIR-V 1.5 the lane of
//! `OpGroupNonUniformBroadcast` must be a constant, and a shuffle from one
//! lane gives every invocation that lane's value, which is what the
//! broadcast means.

use oclc_ir::{ExprId, ExprKind, GroupScan, SubGroupArith, SubGroupFn, TypeId};
use rspirv::spirv::{Capability, GroupOperation, Op, Scope};

use crate::expr::Scalar;
use crate::function::FunctionEmitter;
use crate::module::{unsupported, Emit};
use crate::words::Word;

impl FunctionEmitter<'_, '_> {
    /// Declares `capability` with `GroupNonUniform` and raises the module
    /// to SPIR-V 1.3.
    pub(crate) fn require_non_uniform(&mut self, capability: Capability) -> Emit<()> {
        if self.m.env.is_vulkan() {
            return Err(unsupported(
                None,
                "sub-group functions on the Vulkan target (not supported yet)",
            ));
        }
        self.m
            .require_version((1, 3), "sub-group non-uniform functions")?;
        self.m.require(Capability::GroupNonUniform);
        self.m.require(capability);
        Ok(())
    }

    /// A call of `f` with evaluated operands `values` (IR operands `args`)
    /// and result type `ty`.
    pub(crate) fn sub_group_ext(
        &mut self,
        f: SubGroupFn,
        values: &[Word],
        args: &[ExprId],
        ty: TypeId,
    ) -> Emit<Word> {
        use SubGroupFn::*;
        let capability = match f {
            Elect => Capability::GroupNonUniform,
            NonUniformAll | NonUniformAny | NonUniformAllEqual => Capability::GroupNonUniformVote,
            NonUniformBroadcast if !self.is_literal(args.get(1)) => {
                Capability::GroupNonUniformShuffle
            }
            NonUniformBroadcast | BroadcastFirst | Ballot | InverseBallot | BallotBitExtract
            | BallotBitCount(_) | BallotFindLsb | BallotFindMsb => {
                Capability::GroupNonUniformBallot
            }
            Shuffle | ShuffleXor => Capability::GroupNonUniformShuffle,
            ShuffleUp | ShuffleDown => Capability::GroupNonUniformShuffleRelative,
            NonUniform(..) => Capability::GroupNonUniformArithmetic,
            ClusteredReduce(_) => Capability::GroupNonUniformClustered,
            Rotate | ClusteredRotate => {
                self.m.require_extension("SPV_KHR_subgroup_rotate");
                Capability::GroupNonUniformRotateKHR
            }
        };
        self.require_non_uniform(capability)?;
        let scope = self.m.u32_constant(Scope::Subgroup as u32);
        let spirv_ty = self.m.ty(ty)?;
        let bool_ty = self.m.bool_type();
        let operand = |i: usize| {
            values
                .get(i)
                .copied()
                .ok_or_else(|| unsupported(None, "a sub-group function without its operands"))
        };
        Ok(match f {
            Elect => {
                let elected = self.value(Op::GroupNonUniformElect, bool_ty, &[scope]);
                self.bool_to_int(elected, ty)?
            }
            NonUniformAll | NonUniformAny => {
                let predicate = self.int_to_bool(operand(0)?, args[0])?;
                let op = if f == NonUniformAll {
                    Op::GroupNonUniformAll
                } else {
                    Op::GroupNonUniformAny
                };
                let result = self.value(op, bool_ty, &[scope, predicate]);
                self.bool_to_int(result, ty)?
            }
            NonUniformAllEqual => {
                let result =
                    self.value(Op::GroupNonUniformAllEqual, bool_ty, &[scope, operand(0)?]);
                self.bool_to_int(result, ty)?
            }
            NonUniformBroadcast if capability == Capability::GroupNonUniformShuffle => {
                // Component by component for vectors: Intel's runtime has
                // no shuffle of `double` or `half` vectors ("Symbols not
                // found: _Z17sub_group_shuffleDv2_dj").
                let (value, lane) = (operand(0)?, operand(1)?);
                match self.m.ir(ty) {
                    oclc_ir::Type::Vector { elem, len } => {
                        let elem_ty = self.m.ty(elem)?;
                        let parts: Vec<Word> = (0..u32::from(len))
                            .map(|i| {
                                let part = self.value(Op::CompositeExtract, elem_ty, &[value, i]);
                                self.value(
                                    Op::GroupNonUniformShuffle,
                                    elem_ty,
                                    &[scope, part, lane],
                                )
                            })
                            .collect();
                        self.value(Op::CompositeConstruct, spirv_ty, &parts)
                    }
                    _ => self.value(Op::GroupNonUniformShuffle, spirv_ty, &[scope, value, lane]),
                }
            }
            NonUniformBroadcast => self.value(
                Op::GroupNonUniformBroadcast,
                spirv_ty,
                &[scope, operand(0)?, operand(1)?],
            ),
            BroadcastFirst => self.value(
                Op::GroupNonUniformBroadcastFirst,
                spirv_ty,
                &[scope, operand(0)?],
            ),
            Ballot => {
                let predicate = self.int_to_bool(operand(0)?, args[0])?;
                self.value(Op::GroupNonUniformBallot, spirv_ty, &[scope, predicate])
            }
            InverseBallot => {
                let set = self.value(
                    Op::GroupNonUniformInverseBallot,
                    bool_ty,
                    &[scope, operand(0)?],
                );
                self.bool_to_int(set, ty)?
            }
            BallotBitExtract => {
                let set = self.value(
                    Op::GroupNonUniformBallotBitExtract,
                    bool_ty,
                    &[scope, operand(0)?, operand(1)?],
                );
                self.bool_to_int(set, ty)?
            }
            BallotBitCount(scan) => self.value(
                Op::GroupNonUniformBallotBitCount,
                spirv_ty,
                &[scope, operation(scan) as u32, operand(0)?],
            ),
            BallotFindLsb => self.value(
                Op::GroupNonUniformBallotFindLSB,
                spirv_ty,
                &[scope, operand(0)?],
            ),
            BallotFindMsb => self.value(
                Op::GroupNonUniformBallotFindMSB,
                spirv_ty,
                &[scope, operand(0)?],
            ),
            Rotate => self.value(
                Op::GroupNonUniformRotateKHR,
                spirv_ty,
                &[scope, operand(0)?, operand(1)?],
            ),
            ClusteredRotate => self.value(
                Op::GroupNonUniformRotateKHR,
                spirv_ty,
                &[scope, operand(0)?, operand(1)?, operand(2)?],
            ),
            Shuffle | ShuffleXor | ShuffleUp | ShuffleDown => {
                let op = match f {
                    Shuffle => Op::GroupNonUniformShuffle,
                    ShuffleXor => Op::GroupNonUniformShuffleXor,
                    ShuffleUp => Op::GroupNonUniformShuffleUp,
                    _ => Op::GroupNonUniformShuffleDown,
                };
                self.value(op, spirv_ty, &[scope, operand(0)?, operand(1)?])
            }
            NonUniform(scan, arith) => {
                self.non_uniform_arith(arith, operation(scan), &[], values, args, ty)?
            }
            ClusteredReduce(arith) => {
                let size = [operand(1)?];
                self.non_uniform_arith(
                    arith,
                    GroupOperation::ClusteredReduce,
                    &size,
                    values,
                    args,
                    ty,
                )?
            }
        })
    }

    /// A non-uniform reduction or scan of the first operand by `arith`
    /// (`cluster`: the cluster-size operand of a clustered reduction).
    fn non_uniform_arith(
        &mut self,
        arith: SubGroupArith,
        operation: GroupOperation,
        cluster: &[Word],
        values: &[Word],
        args: &[ExprId],
        ty: TypeId,
    ) -> Emit<Word> {
        use SubGroupArith::*;
        let (&value, &arg) = values
            .first()
            .zip(args.first())
            .ok_or_else(|| unsupported(None, "a sub-group reduction without an operand"))?;
        let scope = self.m.u32_constant(Scope::Subgroup as u32);
        let scalar = self.scalar(ty);
        let logical = match arith {
            LogicalAnd => Some(Op::GroupNonUniformLogicalAnd),
            LogicalOr => Some(Op::GroupNonUniformLogicalOr),
            LogicalXor => Some(Op::GroupNonUniformLogicalXor),
            _ => None,
        };
        if let Some(op) = logical {
            let bool_ty = self.m.bool_type();
            let predicate = self.int_to_bool(value, arg)?;
            let mut operands = vec![scope, operation as u32, predicate];
            operands.extend_from_slice(cluster);
            let result = self.value(op, bool_ty, &operands);
            return self.bool_to_int(result, ty);
        }
        let op = match (arith, scalar) {
            (Add, Scalar::Float) => Op::GroupNonUniformFAdd,
            (Add, _) => Op::GroupNonUniformIAdd,
            (Mul, Scalar::Float) => Op::GroupNonUniformFMul,
            (Mul, _) => Op::GroupNonUniformIMul,
            (Min, Scalar::Float) => Op::GroupNonUniformFMin,
            (Min, Scalar::Signed) => Op::GroupNonUniformSMin,
            (Min, _) => Op::GroupNonUniformUMin,
            (Max, Scalar::Float) => Op::GroupNonUniformFMax,
            (Max, Scalar::Signed) => Op::GroupNonUniformSMax,
            (Max, _) => Op::GroupNonUniformUMax,
            (And, _) => Op::GroupNonUniformBitwiseAnd,
            (Or, _) => Op::GroupNonUniformBitwiseOr,
            _ => Op::GroupNonUniformBitwiseXor,
        };
        let spirv_ty = self.m.ty(ty)?;
        let mut operands = vec![scope, operation as u32, value];
        operands.extend_from_slice(cluster);
        Ok(self.value(op, spirv_ty, &operands))
    }

    /// `value != 0` for an integer `value` of the IR expression `arg`'s type.
    fn int_to_bool(&mut self, value: Word, arg: ExprId) -> Emit<Word> {
        let arg_ty = self.type_of(arg)?;
        let zero = self.m.zero(arg_ty)?;
        let bool_ty = self.m.bool_type();
        Ok(self.value(Op::INotEqual, bool_ty, &[value, zero]))
    }

    /// A `bool` as 1 or 0 of the integer type `ty`.
    fn bool_to_int(&mut self, value: Word, ty: TypeId) -> Emit<Word> {
        let spirv_ty = self.m.ty(ty)?;
        let one = self.m.one(ty)?;
        let zero = self.m.zero(ty)?;
        Ok(self.value(Op::Select, spirv_ty, &[value, one, zero]))
    }

    /// Whether `arg` is a literal (a constant once emitted).
    fn is_literal(&self, arg: Option<&ExprId>) -> bool {
        arg.and_then(|&id| self.func.exprs.get(id))
            .is_some_and(|e| matches!(e.kind, ExprKind::Literal(_)))
    }
}

/// The group operation of a reduction or scan.
fn operation(scan: GroupScan) -> GroupOperation {
    match scan {
        GroupScan::Reduce => GroupOperation::Reduce,
        GroupScan::Inclusive => GroupOperation::InclusiveScan,
        GroupScan::Exclusive => GroupOperation::ExclusiveScan,
    }
}
