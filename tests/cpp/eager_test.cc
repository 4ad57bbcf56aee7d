// core/eager from C++: ops run on tensors, the tape records what the
// gradients need, and the engine computes them (its Python twin:
// tests/python/test_autograd.py).
#include <gtest/gtest.h>

#include <cstring>

#include "core/eager/backward.h"
#include "core/eager/grad_node.h"
#include "core/eager/op_runner.h"
#include "tests/cpp/test_util.h"

namespace paddle {
namespace eager {
namespace {

TensorPtr Make(std::vector<float> values, std::vector<int64_t> dims, bool wants_grad = false) {
  DenseTensor t(DataType::kFloat32, DDim(dims));
  std::memcpy(t.MutableData<float>(), values.data(), values.size() * sizeof(float));
  TensorPtr p = MakeTensor(std::move(t));
  p->set_stop_gradient(!wants_grad);
  return p;
}

std::vector<float> Values(const TensorPtr& t) {
  const float* p = t->dense().data<float>();
  return std::vector<float>(p, p + t->dense().numel());
}

TensorPtr Call(const std::string& type, TensorSlots ins, const AttributeMap& attrs = {}) {
  return RunOpByName(type, attrs, ins)[0][0];
}

TEST(EagerTest, RunsTheRegisteredKernel) {
  TensorPtr a = Make({1, 2, 3, 4}, {2, 2});
  TensorPtr b = Make({10, 20}, {2});
  TensorPtr c = Call("elementwise_add", {{a}, {b}});
  EXPECT_EQ(Values(c), (std::vector<float>{11, 22, 13, 24}));
  EXPECT_TRUE(c->stop_gradient());
  EXPECT_TRUE(c->is_leaf());  // no input wants a gradient: nothing recorded
}

TEST(EagerTest, RecordsAGradNodeOnlyWhenAnInputWantsAGradient) {
  TensorPtr x = Make({1, 2}, {2}, true);
  TensorPtr y = Call("elementwise_mul", {{x}, {x}});
  ASSERT_TRUE(y->grad_node());
  EXPECT_EQ(y->grad_node()->op_type(), "elementwise_mul");
  EXPECT_FALSE(y->stop_gradient());
  GradModeGuard off(false);
  TensorPtr z = Call("elementwise_mul", {{x}, {x}});
  EXPECT_FALSE(z->grad_node());
}

TEST(EagerTest, BackwardAccumulatesIntoLeaves) {
  TensorPtr x = Make({1, 2, 3}, {3}, true);
  TensorPtr w = Make({2, 2, 2}, {3}, true);
  TensorPtr loss = Call("reduce_sum", {{Call("elementwise_mul", {{x}, {w}})}},
                       {{"reduce_all", true}});
  Backward({loss}, {}, /*retain_graph=*/true);
  EXPECT_EQ(Values(x->grad()), (std::vector<float>{2, 2, 2}));
  EXPECT_EQ(Values(w->grad()), (std::vector<float>{1, 2, 3}));
  Backward({loss}, {}, false);
  EXPECT_EQ(Values(x->grad()), (std::vector<float>{4, 4, 4}));
  test::ExpectError([&] { Backward({loss}, {}, false); }, ErrorKind::kPreconditionNotMet,
                    {"retain_graph=True"});
}

TEST(EagerTest, GradCapturesWithoutAccumulatingAndPrunes) {
  TensorPtr x = Make({3}, {1}, true);
  TensorPtr other = Make({5}, {1}, true);
  TensorPtr y = Call("elementwise_mul", {{x}, {x}});
  TensorPtr z = Call("elementwise_add", {{y}, {other}});
  std::vector<TensorPtr> g = Grad({z}, {x}, {}, {}, GradOptions{});
  EXPECT_EQ(Values(g[0]), (std::vector<float>{6}));
  EXPECT_FALSE(x->grad());
  EXPECT_FALSE(other->grad());
  TensorPtr unused = Make({1}, {1}, true);
  test::ExpectError([&] { Grad({Call("scale", {{x}, {}, {}})}, {unused}, {}, {}, GradOptions{}); },
                    ErrorKind::kInvalidArgument, {"not used"});
}

TEST(EagerTest, GradientsOfAGradientMakerOp) {
  // split's gradient comes from its maker (a concat of the parts' gradients).
  TensorPtr x = Make({1, 2, 3, 4}, {4}, true);
  const OpDef& split = OpRegistry::Instance().Get("split");
  std::vector<Attribute> attrs = split.CheckAttrs({{"num", 2}});
  TensorSlots outs(split.outputs.size());
  outs[0] = {nullptr, nullptr};
  RunOp(split, attrs, {{x}, {}, {}}, outs);
  TensorPtr loss = Call("reduce_sum", {{Call("scale", {{outs[0][1]}, {}, {}}, {{"scale", 3.0f}})}},
                       {{"reduce_all", true}});
  Backward({loss}, {}, false);
  EXPECT_EQ(Values(x->grad()), (std::vector<float>{0, 0, 3, 3}));
}

TEST(EagerTest, AnInputChangedInPlaceAfterUseIsCaught) {
  TensorPtr x = Make({1, 2}, {2}, true);
  TensorPtr y = Call("scale", {{x}, {}, {}});
  TensorPtr z = Call("elementwise_mul", {{y}, {y}});
  y->BumpVersion();  // what an in-place write does
  test::ExpectError([&] { Backward({Call("reduce_sum", {{z}}, {{"reduce_all", true}})}, {}, false); },
                    ErrorKind::kPreconditionNotMet, {"modified in place"});
}

TEST(EagerTest, HooksSeeAndReplaceGradients) {
  TensorPtr x = Make({1, 2}, {2}, true);
  x->leaf_hooks().push_back([](const TensorPtr& g) { return Call("scale", {{g}, {}, {}}, {{"scale", 10.0f}}); });
  TensorPtr y = Call("scale", {{x}, {}, {}}, {{"scale", 2.0f}});
  std::vector<float> seen;
  y->grad_node()->AddHook(0, 0, [&](const TensorPtr& g) {
    seen = Values(g);
    return TensorPtr();
  });
  Backward({Call("reduce_sum", {{y}}, {{"reduce_all", true}})}, {}, false);
  EXPECT_EQ(seen, (std::vector<float>{1, 1}));
  EXPECT_EQ(Values(x->grad()), (std::vector<float>{20, 20}));
}

TEST(EagerTest, ACustomNodeRunsItsFunctionUnderTheBackwardsGradMode) {
  // y = 3x recorded as a custom node (PyLayer's kind): its rule triples the gradient.
  TensorPtr x = Make({1, 2}, {2}, true);
  TensorPtr y;
  {
    GradModeGuard off(false);  // the forward records nothing; the custom node is y's
    y = Call("scale", {{x}, {}, {}}, {{"scale", 3.0f}});
  }
  int calls = 0;
  bool grad_mode_inside = false;
  auto node = GradNode::MakeCustom(
      "triple",
      [&](TensorSlots out_grads) -> TensorSlots {
        ++calls;
        grad_mode_inside = GradEnabled();
        return {{Call("scale", {{out_grads[0][0]}, {}, {}}, {{"scale", 3.0f}})}};
      },
      {{x}}, {{y}});
  y->SetGradNode(node, 0, 0);
  y->set_stop_gradient(false);
  EXPECT_EQ(node->op_type(), "triple");
  GradOptions keep{/*retain_graph=*/true, /*create_graph=*/true};
  std::vector<TensorPtr> g = Grad({y}, {x}, {}, {}, keep);
  EXPECT_EQ(Values(g[0]), (std::vector<float>{3, 3}));
  EXPECT_TRUE(grad_mode_inside);  // create_graph: the rule's ops are recorded
  Backward({y}, {}, /*retain_graph=*/false);
  EXPECT_FALSE(grad_mode_inside);
  EXPECT_EQ(Values(x->grad()), (std::vector<float>{3, 3}));
  EXPECT_EQ(calls, 2);
  // Without retain_graph the function was dropped with the graph.
  test::ExpectError([&] { Backward({y}, {}, false); }, ErrorKind::kPreconditionNotMet,
                    {"triple_grad_node", "retain_graph=True"});
}

TEST(EagerTest, ACustomNodesResultMustMatchItsInputs) {
  TensorPtr a = Make({1}, {1}, true);
  TensorPtr b = Make({2}, {1}, true);
  TensorPtr out = Make({0}, {1});
  auto node = GradNode::MakeCustom(
      "one_short", [](TensorSlots g) -> TensorSlots { return {{g[0][0]}}; }, {{a, b}}, {{out}});
  out->SetGradNode(node, 0, 0);
  out->set_stop_gradient(false);
  test::ExpectError([&] { Backward({out}, {}, false); }, ErrorKind::kInvalidArgument,
                    {"one_short", "1 gradients for input slot 0, which has 2"});
  test::ExpectError([&] { GradNode::MakeCustom("none_in", nullptr, {{nullptr}}, {{out}}); },
                    ErrorKind::kInvalidArgument, {"none_in", "None"});
}

}  // namespace
}  // namespace eager
}  // namespace paddle
