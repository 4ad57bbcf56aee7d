// The op table's test: every row of every area (op_table/*.cc) through the
// harness (op_harness.h) for forward values in every registered dtype,
// gradients by central differences, build-time shapes and in-place
// execution; and a check that every registered op has a row.
#include <set>

#include "op_table/op_table.h"

namespace paddle {
namespace test {
namespace {

// Ops whose checks live elsewhere for now (moving them into the table is open
// work): their own tests, named here so the list can only shrink knowingly.
const std::set<std::string> kCheckedElsewhere = {
    "fc",                            // ir_test.cc (made by fc_fuse_pass)
    "fused_conv2d",                  // ir_conv_fuse_test.cc (made by the conv fuse passes)
    "feed", "fetch",                 // ops_test.cc, executor_test.cc
    // Control flow runs sub-blocks through the executor: executor_test.cc,
    // tests/python/test_static_control_flow.py.
    "conditional_block", "while", "select_input", "select_output",
    // Complex results, which the harness does not read: tests/python/test_linalg_lapack.py.
    "eig", "eigvals",
    // Complex inputs or outputs, which the harness does not build: fft_test.cc (the
    // plans), tests/python/test_complex.py and test_fft.py (values against 3.3.1 and
    // numpy, gradients by finite differences).
    "real", "imag", "complex", "as_complex", "as_real", "fft_c2c", "fft_r2c", "fft_c2r",
    // Detection ops, whose inputs are boxes with structure (x1 < x2, counts per image) that
    // the harness's uniform draws do not make, and deformable convolution:
    // tests/python/test_vision_ops.py (values and gradients against 3.3.1, numeric
    // gradients, static mode, bad inputs).
    "nms", "box_coder", "prior_box", "yolo_box", "roi_align", "roi_pool", "psroi_pool",
    "deformable_conv", "deformable_conv_v1", "yolov3_loss", "matrix_nms",
    "generate_proposals_v2", "distribute_fpn_proposals",
    "read_file",    // no inputs: a file's bytes
    "decode_jpeg",  // JPEG bytes in: tests/python/test_vision_ops.py against Pillow
};

TEST(OpTableCoverage, EveryForwardOpHasARow) {
  std::set<std::string> rowed;
  for (const OpRow& r : AllRows()) rowed.insert(r.op);
  for (const std::string& type : OpRegistry::Instance().Types()) {
    if (type.size() > 5 && type.compare(type.size() - 5, 5, "_grad") == 0) continue;
    if (type.rfind("op_def_test", 0) == 0) continue;
    EXPECT_TRUE(rowed.count(type) || kCheckedElsewhere.count(type))
        << type << " has no row in the op table";
    EXPECT_FALSE(rowed.count(type) && kCheckedElsewhere.count(type))
        << type << " has a row now: drop it from kCheckedElsewhere";
  }
}

TEST_P(OpTable, ForwardGradientShapesAndInPlace) { CheckOpRow(GetParam()); }

}  // namespace
}  // namespace test
}  // namespace paddle
