//! GenX kernel metadata, read through LLVM-C (no C++ file of its own).
use std::ffi::{c_uint, CString};

use llvm_plugin::inkwell::llvm_sys::core::*;
use llvm_plugin::inkwell::llvm_sys::prelude::*;
use llvm_plugin::inkwell::module::Module;

use super::value::bytes_to_string;

/// An operand of a metadata node, as far as GenX kernel metadata needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MdOperand {
    Null,
    /// A function, by name.
    Function(String),
    /// A constant integer (sign-extended) and its width in bits.
    Int(i64, u32),
    Str(String),
    /// A node and its operands (nested nodes are read to a depth of 3).
    Node(Vec<MdOperand>),
    Other,
}

fn md_operand(v: LLVMValueRef, depth: u32) -> MdOperand {
    if v.is_null() {
        return MdOperand::Null;
    }
    // SAFETY: `v` is a live operand handed out by LLVMGetMDNodeOperands; each
    // query checks the kind before reading.
    unsafe {
        if !LLVMIsAFunction(v).is_null() {
            let mut len = 0usize;
            let p = LLVMGetValueName2(v, &mut len);
            return MdOperand::Function(bytes_to_string(p, len));
        }
        if !LLVMIsAConstantInt(v).is_null() {
            let bits = LLVMGetIntTypeWidth(LLVMTypeOf(v));
            let value = if bits <= 64 { LLVMConstIntGetSExtValue(v) } else { 0 };
            return MdOperand::Int(value, bits);
        }
        if !LLVMIsAMDString(v).is_null() {
            let mut len: c_uint = 0;
            let p = LLVMGetMDString(v, &mut len);
            return MdOperand::Str(bytes_to_string(p, len as usize));
        }
        if !LLVMIsAMDNode(v).is_null() {
            if depth == 0 {
                return MdOperand::Other;
            }
            return MdOperand::Node(md_node_operands(v, depth - 1));
        }
    }
    MdOperand::Other
}

fn md_node_operands(node: LLVMValueRef, depth: u32) -> Vec<MdOperand> {
    // SAFETY: `node` is a metadata node wrapped as a value; LLVM fills exactly
    // LLVMGetMDNodeNumOperands entries.
    unsafe {
        let n = LLVMGetMDNodeNumOperands(node) as usize;
        let mut ops: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); n];
        LLVMGetMDNodeOperands(node, ops.as_mut_ptr());
        ops.into_iter().map(|o| md_operand(o, depth)).collect()
    }
}

/// The operands of each node of the named metadata `name` (empty when absent).
pub fn named_metadata_nodes(module: &Module<'_>, name: &str) -> Vec<Vec<MdOperand>> {
    let cname = CString::new(name.replace('\0', "")).expect("no interior NUL");
    // SAFETY: the module is live; LLVM fills exactly the reported number of nodes.
    unsafe {
        let m = module.as_mut_ptr();
        let n = LLVMGetNamedMetadataNumOperands(m, cname.as_ptr()) as usize;
        let mut nodes: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); n];
        if n > 0 {
            LLVMGetNamedMetadataOperands(m, cname.as_ptr(), nodes.as_mut_ptr());
        }
        nodes.into_iter().map(|node| if node.is_null() { Vec::new() } else { md_node_operands(node, 3) }).collect()
    }
}
