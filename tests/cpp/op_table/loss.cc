// Losses.
#include "op_table.h"

namespace paddle {
namespace test {

PD_OP_TABLE(Loss) {
  std::vector<OpRow> rows;
  // softmax_with_cross_entropy on 4 rows of 5 classes (the loss is checked; Softmax too
  // feeds the gradient).
  auto sce = [](const std::string& name, bool soft, bool use_softmax, int32_t ignore) {
    OpRow r{name, "softmax_with_cross_entropy",
            {{"Logits", {4, 5}, use_softmax ? -2.0 : 0.1, use_softmax ? 2.0 : 1.0},
             {"Label", soft ? Shape{4, 5} : Shape{4, 1}, 0, soft ? 1.0 : 4.0}},
            {{"soft_label", soft}, {"use_softmax", use_softmax}, {"ignore_index", ignore}},
            nullptr};
    r.out_slot = "Loss";
    if (!soft) r.inputs[1].dtype = DataType::kInt64;
    r.inputs[1].differentiable = false;
    r.reference = [soft, use_softmax, ignore](const std::vector<Arr>& in, const AttributeMap&) {
      Arr loss{{4, 1}, {}};
      for (int i = 0; i < 4; ++i) {
        double s = 0;
        for (int j = 0; j < 5; ++j) s += std::exp(in[0].v[i * 5 + j]);
        auto logp = [&](int j) {
          return use_softmax ? in[0].v[i * 5 + j] - std::log(s) : std::log(in[0].v[i * 5 + j]);
        };
        double l = 0;
        if (soft) {
          for (int j = 0; j < 5; ++j) l -= in[1].v[i * 5 + j] * logp(j);
        } else if (in[1].v[i] != ignore) {
          l = -logp(static_cast<int>(in[1].v[i]));
        }
        loss.v.push_back(l);
      }
      return loss;
    };
    return r;
  };
  rows.push_back(sce("softmax_with_cross_entropy", false, true, -100));
  rows.push_back(sce("softmax_with_cross_entropy_ignore", false, true, 2));
  rows.push_back(sce("softmax_with_cross_entropy_soft", true, true, -100));
  rows.push_back(sce("softmax_with_cross_entropy_probabilities", false, false, -100));
  OpRow bce{"bce_loss", "bce_loss", {{"X", {3, 4}, 0.05, 0.95}, {"Label", {3, 4}, 0, 1}}, {},
            nullptr};
  bce.inputs[1].differentiable = false;
  bce.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out = in[0];
    for (size_t i = 0; i < out.v.size(); ++i)
      out.v[i] = -(in[1].v[i] * std::log(in[0].v[i]) + (1 - in[1].v[i]) * std::log(1 - in[0].v[i]));
    return out;
  };
  rows.push_back(bce);
  auto sigmoid_ce = [](const std::string& name, bool pos_weight, bool normalize) {
    OpRow r{name, "sigmoid_cross_entropy_with_logits", {{"X", {3, 4}}, {"Label", {3, 4}, 0, 1}},
            {{"normalize", normalize}}, nullptr};
    r.inputs[1].differentiable = false;
    if (pos_weight) r.inputs.push_back({"pos_weight", {3, 4}, 0.5, 2.0, false});
    r.reference = [pos_weight, normalize](const std::vector<Arr>& in, const AttributeMap&) {
      Arr out = in[0];
      for (size_t i = 0; i < out.v.size(); ++i) {
        const double x = in[0].v[i], y = in[1].v[i], w = pos_weight ? in[2].v[i] : 1.0;
        const double s = 1 / (1 + std::exp(-x));
        out.v[i] = -(w * y * std::log(s) + (1 - y) * std::log(1 - s));
        if (normalize) out.v[i] /= static_cast<double>(out.v.size());
      }
      return out;
    };
    return r;
  };
  rows.push_back(sigmoid_ce("sigmoid_cross_entropy_with_logits", false, false));
  rows.push_back(sigmoid_ce("sigmoid_cross_entropy_pos_weight_normalized", true, true));
  return rows;
}

}  // namespace test
}  // namespace paddle
