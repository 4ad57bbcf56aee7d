// Optimizers (sgd, momentum, adagrad, rmsprop, adam, adamw, lamb, adamax,
// adadelta, nadam, radam, asgd, rprop), ModelAverage's average_accumulates, and the
// gradient-clipping ops (clip_by_norm, squared_l2_norm, sum). An optimizer row
// checks ParamOut and, through more_out_slots, every accumulator it writes,
// against the update formulas in float64.
#include "op_table.h"

namespace paddle {
namespace test {
namespace {

const Shape kP{3, 4};

// Outputs shaped like in[0] (Param): element i of each is f of element i of
// every input (an input of one element gives its only value).
std::vector<Arr> PerElement(const std::vector<Arr>& in, int outs,
                            const std::function<std::vector<double>(const std::vector<double>&)>& f) {
  std::vector<Arr> out(outs, Arr{in[0].shape, std::vector<double>(in[0].v.size())});
  for (size_t i = 0; i < in[0].v.size(); ++i) {
    std::vector<double> x;
    for (const Arr& a : in) x.push_back(a.v.size() == 1 ? a.v[0] : a.v[i]);
    const std::vector<double> y = f(x);
    for (int k = 0; k < outs; ++k) out[k].v[i] = y[k];
  }
  return out;
}

OpRow Optimizer(const std::string& name, const std::string& op, std::vector<OpInput> inputs,
                AttributeMap attrs, std::vector<std::string> more_outs,
                std::function<std::vector<Arr>(const std::vector<Arr>&)> ref) {
  OpRow r{name, op, std::move(inputs), std::move(attrs), nullptr};
  r.out_slot = "ParamOut";
  r.more_out_slots = std::move(more_outs);
  r.references = [ref](const std::vector<Arr>& in, const AttributeMap&) { return ref(in); };
  return r;
}

OpInput Lr() { return {"LearningRate", {1}, 0.01, 0.1}; }
OpInput Like(const std::string& slot, double lo = -1, double hi = 1) { return {slot, kP, lo, hi}; }
OpInput One(const std::string& slot, double lo, double hi) { return {slot, {1}, lo, hi}; }

// Adam's inputs in the order the references read them: Param, Grad, LearningRate,
// Moment1, Moment2, Beta1Pow, Beta2Pow, then `extra`.
std::vector<OpInput> AdamInputs(std::vector<OpInput> extra = {}) {
  std::vector<OpInput> in{Like("Param"),           Like("Grad"),          Lr(),
                          Like("Moment1"),         Like("Moment2", 0, 1), One("Beta1Pow", 0.3, 0.9),
                          One("Beta2Pow", 0.5, 0.99)};
  in.insert(in.end(), extra.begin(), extra.end());
  return in;
}

const std::vector<std::string> kAdamOuts{"Moment1Out", "Moment2Out", "Beta1PowOut", "Beta2PowOut"};

struct AdamCase {
  double beta1 = double{0.9f}, beta2 = double{0.999f}, eps = double{1e-8f};
  double lr_ratio = 1, decay = 0;  // adamw: decay = coeff when with_decay
  bool skip = false, global_pow = false;
  int beta1_tensor = -1, eps_tensor = -1;  // the inputs overriding beta1, epsilon
};

std::vector<Arr> AdamRef(const std::vector<Arr>& in, const AdamCase& c) {
  if (c.skip) return {in[0], in[3], in[4], in[5], in[6]};
  const double b1 = c.beta1_tensor >= 0 ? in[c.beta1_tensor].v[0] : c.beta1, b2 = c.beta2;
  const double eps = c.eps_tensor >= 0 ? in[c.eps_tensor].v[0] : c.eps;
  const double b1p = in[5].v[0], b2p = in[6].v[0];
  std::vector<Arr> out = PerElement(in, 3, [&](const std::vector<double>& x) {
    const double lr = x[2] * c.lr_ratio, g = x[1];
    const double m1 = b1 * x[3] + (1 - b1) * g, m2 = b2 * x[4] + (1 - b2) * g * g;
    const double p = x[0] * (1 - lr * c.decay);
    return std::vector<double>{
        p - lr * std::sqrt(1 - b2p) / (1 - b1p) * m1 / (std::sqrt(m2) + eps * std::sqrt(1 - b2p)),
        m1, m2};
  });
  out.push_back(Arr{{1}, {c.global_pow ? b1p : b1p * b1}});
  out.push_back(Arr{{1}, {c.global_pow ? b2p : b2p * b2}});
  return out;
}

// Lamb over Param, Grad, LearningRate, Moment1, Moment2, Beta1Pow, Beta2Pow.
std::vector<Arr> LambRef(const std::vector<Arr>& in, double wd, bool skip) {
  if (skip) return {in[0], in[3], in[4], in[5], in[6]};
  const double b1 = double{0.9f}, b2 = double{0.999f}, eps = double{1e-6f};
  const double b1p = in[5].v[0], b2p = in[6].v[0];
  // r, Moment1Out, Moment2Out
  std::vector<Arr> out = PerElement(in, 3, [&](const std::vector<double>& x) {
    const double m1 = b1 * x[3] + (1 - b1) * x[1], m2 = b2 * x[4] + (1 - b2) * x[1] * x[1];
    return std::vector<double>{m1 / (1 - b1p) / (std::sqrt(m2 / (1 - b2p)) + eps) + wd * x[0], m1, m2};
  });
  double pn = 0, rn = 0;
  for (size_t i = 0; i < in[0].v.size(); ++i) {
    pn += in[0].v[i] * in[0].v[i];
    rn += out[0].v[i] * out[0].v[i];
  }
  const double trust = wd != 0 ? std::sqrt(pn / rn) : 1;
  for (size_t i = 0; i < in[0].v.size(); ++i) out[0].v[i] = in[0].v[i] - in[2].v[0] * trust * out[0].v[i];
  out.push_back(Arr{{1}, {b1p * b1}});
  out.push_back(Arr{{1}, {b2p * b2}});
  return out;
}

}  // namespace

PD_OP_TABLE(Optimizer) {
  std::vector<OpRow> rows;
  rows.push_back(Optimizer("sgd", "sgd", {Like("Param"), Lr(), Like("Grad")}, {}, {},
                           [](const std::vector<Arr>& in) {
                             return PerElement(in, 1, [](const std::vector<double>& x) {
                               return std::vector<double>{x[0] - x[1] * x[2]};
                             });
                           }));
  // momentum: Param, Grad, Velocity, LearningRate.
  auto momentum = [](const std::string& name, bool nesterov, bool l2, double rescale) {
    AttributeMap attrs{{"mu", 0.9f}, {"use_nesterov", nesterov}, {"rescale_grad", static_cast<float>(rescale)}};
    if (l2) attrs["regularization_method"] = std::string("l2_decay");
    if (l2) attrs["regularization_coeff"] = 0.01f;
    return Optimizer(name, "momentum", {Like("Param"), Like("Grad"), Like("Velocity"), Lr()}, attrs,
                     {"VelocityOut"}, [=](const std::vector<Arr>& in) {
                       return PerElement(in, 2, [=](const std::vector<double>& x) {
                         const double mu = double{0.9f};
                         const double g = x[1] * rescale + (l2 ? double{0.01f} * x[0] : 0);
                         const double v = mu * x[2] + g;
                         return std::vector<double>{x[0] - x[3] * (nesterov ? g + mu * v : v), v};
                       });
                     });
  };
  rows.push_back(momentum("momentum", false, false, 1));
  rows.push_back(momentum("momentum_nesterov", true, false, 1));
  rows.push_back(momentum("momentum_l2_decay_rescale", false, true, 0.5));
  rows.push_back(Optimizer("adagrad", "adagrad", {Like("Param"), Like("Grad"), Like("Moment", 0, 1), Lr()},
                           {{"epsilon", 1e-3f}}, {"MomentOut"}, [](const std::vector<Arr>& in) {
                             return PerElement(in, 2, [](const std::vector<double>& x) {
                               const double m = x[2] + x[1] * x[1];
                               return std::vector<double>{x[0] - x[3] * x[1] / (std::sqrt(m) + double{1e-3f}), m};
                             });
                           }));
  // rmsprop: Param, MeanSquare, Grad, Moment, LearningRate (, MeanGrad).
  auto rmsprop = [](const std::string& name, bool centered) {
    std::vector<OpInput> in{Like("Param"), Like("MeanSquare", 0.5, 1), Like("Grad"), Like("Moment"), Lr()};
    if (centered) in.push_back(Like("MeanGrad", -0.3, 0.3));
    return Optimizer(name, "rmsprop", in,
                     {{"centered", centered}, {"momentum", 0.5f}, {"decay", 0.9f}, {"epsilon", 1e-6f}},
                     {"MomentOut", "MeanSquareOut", "MeanGradOut"}, [centered](const std::vector<Arr>& in) {
                       return PerElement(in, 4, [centered](const std::vector<double>& x) {
                         const double d = double{0.9f}, g = x[2];
                         const double ms = d * x[1] + (1 - d) * g * g;
                         const double mg = centered ? d * x[5] + (1 - d) * g : 0;  // zeros without MeanGrad
                         const double mom = 0.5 * x[3] + x[4] * g / std::sqrt(ms - mg * mg + double{1e-6f});
                         return std::vector<double>{x[0] - mom, mom, ms, mg};
                       });
                     });
  };
  rows.push_back(rmsprop("rmsprop", false));
  rows.push_back(rmsprop("rmsprop_centered", true));

  auto adam = [](const std::string& name, const std::string& op, std::vector<OpInput> in,
                 AttributeMap attrs, AdamCase c) {
    return Optimizer(name, op, std::move(in), std::move(attrs), kAdamOuts,
                     [c](const std::vector<Arr>& in) { return AdamRef(in, c); });
  };
  rows.push_back(adam("adam", "adam", AdamInputs(), {}, {}));
  AdamCase tensors;
  tensors.beta1_tensor = 7;
  tensors.eps_tensor = 8;
  rows.push_back(adam("adam_beta1_epsilon_tensors", "adam",
                      AdamInputs({One("Beta1Tensor", 0.5, 0.8), One("EpsilonTensor", 1e-3, 1e-2)}), {},
                      tensors));
  AdamCase skip;
  skip.skip = true;
  OpInput skip_in = One("SkipUpdate", 1, 1);
  skip_in.dtype = DataType::kBool;
  rows.push_back(adam("adam_skip_update", "adam", AdamInputs({skip_in}), {}, skip));
  OpInput keep_in = One("SkipUpdate", 0, 0);
  keep_in.dtype = DataType::kBool;
  rows.push_back(adam("adam_skip_update_false", "adam", AdamInputs({keep_in}), {}, {}));
  AdamCase global;
  global.global_pow = true;
  rows.push_back(adam("adam_global_beta_pow", "adam", AdamInputs(), {{"use_global_beta_pow", true}}, global));
  // amsgrad divides by the running max of Moment2, kept in Moment2Max.
  OpRow amsgrad = Optimizer(
      "adam_amsgrad", "adam", AdamInputs({Like("Moment2Max", 0, 1)}), {{"amsgrad", true}},
      {"Moment1Out", "Moment2Out", "Moment2MaxOut"}, [](const std::vector<Arr>& in) {
        const double b1 = double{0.9f}, b2 = double{0.999f}, eps = double{1e-8f};
        const double b1p = in[5].v[0], b2p = in[6].v[0];
        return PerElement(in, 4, [&](const std::vector<double>& x) {
          const double m1 = b1 * x[3] + (1 - b1) * x[1], m2 = b2 * x[4] + (1 - b2) * x[1] * x[1];
          const double mx = std::max(x[7], m2);
          return std::vector<double>{
              x[0] - x[2] * std::sqrt(1 - b2p) / (1 - b1p) * m1 / (std::sqrt(mx) + eps * std::sqrt(1 - b2p)),
              m1, m2, mx};
        });
      });
  rows.push_back(amsgrad);
  AdamCase decay;
  decay.lr_ratio = 0.5;
  decay.decay = double{0.05f};
  rows.push_back(adam("adamw", "adamw", AdamInputs(),
                      {{"with_decay", true}, {"coeff", 0.05f}, {"lr_ratio", 0.5f}}, decay));
  rows.push_back(adam("adamw_without_decay", "adamw", AdamInputs(), {{"coeff", 0.05f}}, {}));

  auto lamb = [](const std::string& name, double wd, std::vector<OpInput> extra, bool skip) {
    return Optimizer(name, "lamb", AdamInputs(std::move(extra)), {{"weight_decay", static_cast<float>(wd)}},
                     kAdamOuts, [=](const std::vector<Arr>& in) { return LambRef(in, double{static_cast<float>(wd)}, skip); });
  };
  rows.push_back(lamb("lamb", 0.01, {}, false));
  rows.push_back(lamb("lamb_without_decay", 0, {}, false));  // no trust ratio
  rows.push_back(lamb("lamb_skip_update", 0.01, {skip_in}, true));

  // adamax: Param, Grad, LearningRate, Moment, InfNorm, Beta1Pow (read, not advanced).
  rows.push_back(Optimizer(
      "adamax", "adamax",
      {Like("Param"), Like("Grad"), Lr(), Like("Moment"), Like("InfNorm", 0, 1), One("Beta1Pow", 0.3, 0.9)},
      {{"beta1", 0.8f}, {"beta2", 0.9f}, {"epsilon", 1e-3f}}, {"MomentOut", "InfNormOut"},
      [](const std::vector<Arr>& in) {
        return PerElement(in, 3, [](const std::vector<double>& x) {
          const double b1 = double{0.8f}, b2 = double{0.9f}, eps = double{1e-3f};
          const double m = b1 * x[3] + (1 - b1) * x[1];
          const double u = std::max(b2 * x[4] + eps, std::abs(x[1]));
          return std::vector<double>{x[0] - x[2] / (1 - x[5]) * m / u, m, u};
        });
      }));

  // adadelta: Param, Grad, AvgSquaredGrad, AvgSquaredUpdate, LearningRate.
  rows.push_back(Optimizer(
      "adadelta", "adadelta",
      {Like("Param"), Like("Grad"), Like("AvgSquaredGrad", 0, 1), Like("AvgSquaredUpdate", 0, 1), Lr()},
      {{"rho", 0.8f}, {"epsilon", 1e-3f}}, {"AvgSquaredGradOut", "AvgSquaredUpdateOut"},
      [](const std::vector<Arr>& in) {
        return PerElement(in, 3, [](const std::vector<double>& x) {
          const double rho = double{0.8f}, eps = double{1e-3f};
          const double sg = rho * x[2] + (1 - rho) * x[1] * x[1];
          const double update = -std::sqrt((x[3] + eps) / (sg + eps)) * x[1];
          return std::vector<double>{x[0] + x[4] * update, sg, rho * x[3] + (1 - rho) * update * update};
        });
      }));

  // nadam: param, grad, learning_rate, momentum_decay_pow, beta2_pow, mu_product, moment1,
  // moment2 (the step counters Param-shaped).
  OpRow nadam = Optimizer(
      "nadam", "nadam",
      {Like("param"), Like("grad"), {"learning_rate", {1}, 0.01, 0.1}, Like("momentum_decay_pow", 0.5, 1),
       Like("beta2_pow", 0.5, 0.99), Like("mu_product", 0.1, 0.8), Like("moment1"), Like("moment2", 0, 1)},
      {{"beta1", 0.8f}, {"beta2", 0.9f}, {"epsilon", 1e-3f}, {"momentum_decay", 0.5f}},
      {"momentum_decay_pow_out", "beta2_pow_out", "mu_product_out", "moment1_out", "moment2_out"},
      [](const std::vector<Arr>& in) {
        return PerElement(in, 6, [](const std::vector<double>& x) {
          const double b1 = double{0.8f}, b2 = double{0.9f}, eps = double{1e-3f}, psi = 0.5;
          const double d = x[3] * 0.96, mu_t = b1 * (1 - 0.5 * std::pow(d, psi));
          const double mu_next = b1 * (1 - 0.5 * std::pow(d * 0.96, psi));
          const double prod = x[5] * mu_t, b2p = x[4] * b2;
          const double m1 = b1 * x[6] + (1 - b1) * x[1], m2 = b2 * x[7] + (1 - b2) * x[1] * x[1];
          const double m_hat = mu_next * m1 / (1 - prod * mu_next) + (1 - mu_t) * x[1] / (1 - prod);
          return std::vector<double>{x[0] - x[2] * m_hat / (std::sqrt(m2 / (1 - b2p)) + eps), d, b2p, prod, m1, m2};
        });
      });
  nadam.out_slot = "param_out";
  rows.push_back(nadam);

  // radam: param, grad, learning_rate, beta1_pow, beta2_pow, rho, moment1, moment2. With
  // beta2 = 0.9 (rho_inf = 19), beta2_pow near 0 and rho < 0.5, rho_t > 5 (rectified); with
  // beta2_pow near 1, rho_t < 5 (plain momentum).
  auto radam = [](const std::string& name, double b2p_lo, double b2p_hi) {
    OpRow r = Optimizer(
        name, "radam",
        {Like("param"), Like("grad"), {"learning_rate", {1}, 0.01, 0.1}, Like("beta1_pow", 0.3, 0.9),
         Like("beta2_pow", b2p_lo, b2p_hi), Like("rho", 0, 0.5), Like("moment1"), Like("moment2", 0, 1)},
        {{"beta1", 0.8f}, {"beta2", 0.9f}, {"epsilon", 1e-3f}},
        {"beta1_pow_out", "beta2_pow_out", "rho_out", "moment1_out", "moment2_out"},
        [](const std::vector<Arr>& in) {
          return PerElement(in, 6, [](const std::vector<double>& x) {
            const double b1 = double{0.8f}, b2 = double{0.9f}, eps = double{1e-3f};
            const double b1p = x[3] * b1, b2p = x[4] * b2, rho_inf = 2 / (1 - b2) - 1;
            const double rho = (x[5] * (b2 - b2p) + b2p) / (1 - b2p), rho_t = rho_inf - 2 * rho;
            const double m1 = b1 * x[6] + (1 - b1) * x[1], m2 = b2 * x[7] + (1 - b2) * x[1] * x[1];
            double step = m1 / (1 - b1p);
            if (rho_t > 5)
              step *= std::sqrt((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t)) *
                      std::sqrt(1 - b2p) / (std::sqrt(m2) + eps);
            return std::vector<double>{x[0] - x[2] * step, b1p, b2p, rho, m1, m2};
          });
        });
    r.out_slot = "param_out";
    return r;
  };
  rows.push_back(radam("radam_rectified", 0.001, 0.01));
  rows.push_back(radam("radam_unrectified", 0.99, 0.999));

  // asgd: param, grad, learning_rate, d, y, n (how many gradients d sums).
  auto asgd = [](const std::string& name, DataType n_dtype) {
    OpInput n{"n", {1}, 3, 3};
    n.dtype = n_dtype;
    OpRow r = Optimizer(name, "asgd",
                        {Like("param"), Like("grad"), {"learning_rate", {1}, 0.01, 0.1}, Like("d"), Like("y"), n},
                        {}, {"d_out", "y_out"}, [](const std::vector<Arr>& in) {
                          return PerElement(in, 3, [](const std::vector<double>& x) {
                            const double d = x[3] - x[4] + x[1];
                            return std::vector<double>{x[0] - x[2] / x[5] * d, d, x[1]};
                          });
                        });
    r.out_slot = "param_out";
    return r;
  };
  rows.push_back(asgd("asgd", DataType::kFloat32));
  rows.push_back(asgd("asgd_int64_n", DataType::kInt64));

  // rprop: param, grad, prev, learning_rate (per element), learning_rate_range, etas; grad and
  // prev in [-1, 1] agree in sign on some elements and disagree on others.
  OpRow rprop = Optimizer(
      "rprop", "rprop",
      {Like("param"), Like("grad"), Like("prev"), Like("learning_rate", 0.01, 0.1),
       {"learning_rate_range", {2}, 0, 0, false, {0.02, 0.08}}, {"etas", {2}, 0, 0, false, {0.5, 1.2}}},
      {}, {"prev_out", "learning_rate_out"}, [](const std::vector<Arr>& in) {
        // The range and etas (two elements each) are the constants below.
        const std::vector<Arr> per_element(in.begin(), in.begin() + 4);
        return PerElement(per_element, 3, [](const std::vector<double>& x) {
          double grad = x[1], rate = x[3];
          if (grad * x[2] > 0) rate = std::min(rate * 1.2, 0.08);
          if (grad * x[2] < 0) rate = std::max(rate * 0.5, 0.02), grad = 0;
          return std::vector<double>{x[0] - (grad > 0 ? rate : grad < 0 ? -rate : 0), grad, rate};
        });
      });
  rprop.out_slot = "param_out";
  rows.push_back(rprop);

  // Gradient clipping. X of [3, 4] in [-1, 1] has a norm near 2.
  auto clip = [](const std::string& name, float max_norm) {
    OpRow r{name, "clip_by_norm", {{"X", kP}}, {{"max_norm", max_norm}}, nullptr};
    r.reference = [max_norm](const std::vector<Arr>& in, const AttributeMap&) {
      double n = 0;
      for (double v : in[0].v) n += v * v;
      n = std::sqrt(n);
      return Map(in[0], [&](double v) { return n > max_norm ? v * max_norm / n : v; });
    };
    return r;
  };
  rows.push_back(clip("clip_by_norm", 0.5f));
  rows.push_back(clip("clip_by_norm_within", 100.0f));
  OpRow sq{"squared_l2_norm", "squared_l2_norm", {{"X", {3, 4, 5}}}, {}, nullptr};
  sq.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    double s = 0;
    for (double v : in[0].v) s += v * v;
    return Arr{{1}, {s}};
  };
  rows.push_back(sq);
  OpRow sum{"sum", "sum", {{"X", {3, 4, 5}}, {"X", {3, 4, 5}}, {"X", {3, 4, 5}}}, {}, nullptr};
  sum.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out = in[0];
    for (size_t i = 0; i < out.v.size(); ++i) out.v[i] += in[1].v[i] + in[2].v[i];
    return out;
  };
  rows.push_back(sum);
  // average_accumulates after 5 updates with 2 in the window: with min_average_window 2
  // the window (>= trunc(6 * 0.5) = 3 steps) restarts into sum_3; with 10 it keeps growing.
  for (int64_t min_window : {2, 10}) {
    auto counter = [](const char* slot, double v) {
      return OpInput{slot, {1}, v, v, false, {}, DataType::kInt64};
    };
    OpRow r{"average_accumulates_min" + std::to_string(min_window),
            "average_accumulates",
            {{"param", {3, 4}, -1, 1, false},
             {"in_sum_1", {3, 4}, -2, 2, false},
             {"in_sum_2", {3, 4}, -2, 2, false},
             {"in_sum_3", {3, 4}, -2, 2, false},
             counter("in_num_accumulates", 2),
             counter("in_old_num_accumulates", 4),
             counter("in_num_updates", 5)},
            {{"average_window", 0.5f}, {"min_average_window", min_window},
             {"max_average_window", int64_t{100}}},
            nullptr};
    r.out_slot = "out_sum_1";
    r.more_out_slots = {"out_sum_2", "out_sum_3", "out_num_accumulates",
                        "out_old_num_accumulates", "out_num_updates"};
    r.references = [min_window](const std::vector<Arr>& in, const AttributeMap&) {
      Arr sum1 = in[1], sum2 = in[2], sum3 = in[3];
      for (size_t i = 0; i < sum1.v.size(); ++i) sum1.v[i] += in[0].v[i];
      double acc = in[4].v[0] + 1, old = in[5].v[0];
      if (acc >= min_window && acc >= 3) {
        for (size_t i = 0; i < sum1.v.size(); ++i) sum3.v[i] = sum1.v[i] + sum2.v[i];
        std::fill(sum1.v.begin(), sum1.v.end(), 0.0);
        std::fill(sum2.v.begin(), sum2.v.end(), 0.0);
        old = acc;
        acc = 0;
      }
      return std::vector<Arr>{sum1, sum2, sum3, Arr{{1}, {acc}}, Arr{{1}, {old}},
                              Arr{{1}, {in[6].v[0] + 1}}};
    };
    rows.push_back(r);
  }
  return rows;
}

}  // namespace test
}  // namespace paddle
