//! GenX: legalize, verify and emulate llvm.genx region intrinsics (issue 3).
pub mod emulate;
pub mod legalize;
pub mod verify;


#[cfg(test)]
mod linktest {
    use llvm_plugin::inkwell::context::Context;
    use llvm_plugin::inkwell::memory_buffer::MemoryBuffer;
    #[test]
    fn parse_and_jit() {
        let ctx = Context::create();
        let buf = MemoryBuffer::create_from_memory_range_copy(b"define i32 @f(i32 %x) {\n %y = add i32 %x, 1\n ret i32 %y\n}\n", "t");
        let m = ctx.create_module_from_ir(buf).unwrap();
        llvm_plugin::inkwell::targets::Target::initialize_native(&Default::default()).unwrap();
        let ee = m.create_jit_execution_engine(llvm_plugin::inkwell::OptimizationLevel::None).unwrap();
        let f = unsafe { ee.get_function::<unsafe extern "C" fn(i32) -> i32>("f").unwrap() };
        assert_eq!(unsafe { f.call(41) }, 42);
    }
}
