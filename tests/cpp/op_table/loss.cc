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
  // cross_entropy2 on 5 rows of 4 probabilities; label 1 is ignored in the variant.
  auto ce2 = [](const std::string& name, Shape label, int32_t ignore) {
    OpRow r{name, "cross_entropy2", {{"X", {5, 4}, 0.05, 1.0}, {"Label", label, 0, 3}},
            {{"ignore_index", ignore}}, nullptr};
    r.out_slot = "Y";
    r.more_out_slots = {"MatchX"};
    r.inputs[1].dtype = DataType::kInt64;
    r.references = [label, ignore](const std::vector<Arr>& in, const AttributeMap&) {
      Arr y{label, {}}, match{{5, 1}, {}};
      for (int i = 0; i < 5; ++i) {
        const int c = static_cast<int>(in[1].v[i]);
        match.v.push_back(c == ignore ? 0.0 : in[0].v[i * 4 + c]);
        y.v.push_back(c == ignore ? 0.0 : -std::log(match.v.back()));
      }
      return std::vector<Arr>{y, match};
    };
    return r;
  };
  rows.push_back(ce2("cross_entropy2", {5, 1}, -100));
  rows.push_back(ce2("cross_entropy2_ignore_flat_label", {5}, 1));
  // huber_loss with residuals on both sides of delta.
  OpRow huber{"huber_loss", "huber_loss", {{"X", {3, 4}, -2, 2}, {"Y", {3, 4}, -2, 2}},
              {{"delta", 0.75f}}, nullptr};
  huber.more_out_slots = {"Residual"};
  huber.references = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out = in[0], res = in[0];
    for (size_t i = 0; i < out.v.size(); ++i) {
      const double r = in[1].v[i] - in[0].v[i], a = std::abs(r);
      res.v[i] = r;
      out.v[i] = a <= 0.75 ? 0.5 * r * r : 0.75 * (a - 0.375);
    }
    return std::vector<Arr>{out, res};
  };
  rows.push_back(huber);
  // kldiv_loss: Target has non-positive entries (which give 0) unless it holds logs.
  auto kldiv = [](const std::string& reduction, bool log_target) {
    OpRow r{"kldiv_loss_" + reduction + (log_target ? "_log_target" : ""), "kldiv_loss",
            {{"X", {3, 4}, -2, 0}, {"Target", {3, 4}, -0.3, 1}},
            {{"reduction", reduction}, {"log_target", log_target}}, nullptr};
    r.out_slot = "Loss";
    r.inputs[1].differentiable = false;
    r.reference = [reduction, log_target](const std::vector<Arr>& in, const AttributeMap&) {
      Arr out = in[0];
      double sum = 0;
      for (size_t i = 0; i < out.v.size(); ++i) {
        const double x = in[0].v[i], t = in[1].v[i];
        out.v[i] = log_target ? std::exp(t) * (t - x) : (t > 0 ? t * (std::log(t) - x) : 0.0);
        sum += out.v[i];
      }
      if (reduction == "none") return out;
      const double n = reduction == "batchmean" ? 3 : reduction == "mean" ? 12 : 1;
      return Arr{{}, {sum / n}};
    };
    return r;
  };
  rows.push_back(kldiv("none", false));
  rows.push_back(kldiv("batchmean", false));
  rows.push_back(kldiv("mean", true));
  rows.push_back(kldiv("sum", false));
  // nll_loss on [4, 3] and [2, 3, 2, 2] log-probabilities; label 1 is ignored in the variants.
  auto nll = [](const std::string& name, Shape x, const std::string& reduction, bool weight,
                int64_t ignore) {
    Shape label = x;
    label.erase(label.begin() + 1);
    OpRow r{name, "nll_loss", {{"X", x, -3, 0}, {"Label", label, 0, 2}},
            {{"reduction", reduction}, {"ignore_index", ignore}}, nullptr};
    r.inputs[1].dtype = DataType::kInt64;
    if (weight) r.inputs.push_back({"Weight", {3}, 0.5, 2.0, false});
    r.more_out_slots = {"Total_weight"};
    r.references = [x, label, reduction, weight, ignore](const std::vector<Arr>& in,
                                                         const AttributeMap&) {
      const int64_t inner = x.size() == 4 ? x[2] * x[3] : 1;
      Arr out{label, {}};
      double sum = 0, total = 0;
      for (size_t p = 0; p < in[1].v.size(); ++p) {
        const int64_t c = static_cast<int64_t>(in[1].v[p]);
        const double w = c == ignore ? 0.0 : weight ? in[2].v[c] : 1.0;
        const int64_t at = ((p / inner) * 3 + (c == ignore ? 0 : c)) * inner + p % inner;
        out.v.push_back(-w * in[0].v[at]);
        sum += out.v.back();
        total += w;
      }
      if (reduction == "none") return std::vector<Arr>{out, Arr{{}, {0.0}}};
      return std::vector<Arr>{Arr{{}, {reduction == "sum" ? sum : sum / total}},
                              Arr{{}, {total}}};
    };
    return r;
  };
  rows.push_back(nll("nll_loss", {4, 3}, "mean", false, -100));
  rows.push_back(nll("nll_loss_weight_ignore", {4, 3}, "mean", true, 1));
  rows.push_back(nll("nll_loss_sum", {4, 3}, "sum", true, -100));
  rows.push_back(nll("nll_loss_none_ignore", {4, 3}, "none", false, 1));
  rows.push_back(nll("nll_loss_4d_mean", {2, 3, 2, 2}, "mean", true, 1));
  rows.push_back(nll("nll_loss_4d_none", {2, 3, 2, 2}, "none", true, -100));
  // identity_loss: sum (0-D), mean (0-D) or the loss itself.
  for (int32_t reduction : {0, 1, 2}) {
    OpRow r{"identity_loss_" + std::to_string(reduction), "identity_loss", {{"X", {3, 4}}},
            {{"reduction", reduction}}, nullptr};
    r.reference = [reduction](const std::vector<Arr>& in, const AttributeMap&) {
      if (reduction == 2) return in[0];
      const double s = Sum(in[0].v);
      return Arr{{}, {reduction == 1 ? s / in[0].v.size() : s}};
    };
    rows.push_back(r);
  }
  return rows;
}

}  // namespace test
}  // namespace paddle
