// Dynamic loss scaling: check_finite_and_unscale (gradients divided by the
// scale; from the first one holding a NaN or inf on, multiplied by 0) and
// update_loss_scaling (gradients zeroed on such a step; the scale moved by the
// counters). PaddlePaddle 3.3.1's numbers for the same cases are also checked
// from Python (tests/python/test_amp.py, tests/data/amp/).
#include <limits>

#include "op_table.h"

namespace paddle {
namespace test {
namespace {

const Shape kG{3, 4};
constexpr double kInf = std::numeric_limits<double>::infinity();

Arr Scaled(const Arr& x, double k) { return Map(x, [k](double v) { return v * k; }); }

OpRow CheckFinite(const std::string& name, std::vector<double> second_special) {
  OpRow r{name,
          "check_finite_and_unscale",
          {{"X", kG}, {"X", kG, -1, 1, false, std::move(second_special)}, {"Scale", {1}, 2, 4, false}},
          {},
          nullptr};
  r.out_count = 2;
  r.more_out_slots = {"FoundInfinite"};
  r.references = [](const std::vector<Arr>& in, const AttributeMap&) {
    const double k = 1.0 / in[2].v[0];
    bool found = false;
    for (double v : in[1].v) found = found || !std::isfinite(v);
    return std::vector<Arr>{Scaled(in[0], k), Scaled(in[1], found ? 0.0 : k),
                            Arr{{1}, {found ? 1.0 : 0.0}}};
  };
  return r;
}

// One step from counters good/bad with the scale drawn in [4, 8]; every
// counter fires after 2 steps.
OpRow UpdateScaling(const std::string& name, bool found, int good, int bad) {
  auto flag = [](const char* slot, double v) {
    return OpInput{slot, {1}, v, v, false, {}, DataType::kBool};
  };
  auto count = [](const char* slot, double v) {
    return OpInput{slot, {1}, v, v, false, {}, DataType::kInt32};
  };
  OpRow r{name,
          "update_loss_scaling",
          {{"X", kG}, flag("FoundInfinite", found ? 1 : 0), {"PrevLossScaling", {1}, 4, 8, false},
           count("InGoodSteps", good), count("InBadSteps", bad)},
          {{"incr_every_n_steps", int32_t{2}},
           {"decr_every_n_nan_or_inf", int32_t{2}},
           {"incr_ratio", 2.0f},
           {"decr_ratio", 0.5f},
           {"stop_update", false}},
          nullptr};
  r.more_out_slots = {"LossScaling", "OutGoodSteps", "OutBadSteps"};
  r.references = [found, good, bad](const std::vector<Arr>& in, const AttributeMap&) {
    double scale = in[2].v[0];
    int g = good, b = bad;
    if (found) {
      g = 0;
      if (++b == 2) scale *= 0.5, b = 0;
    } else {
      b = 0;
      if (++g == 2) scale *= 2, g = 0;
    }
    return std::vector<Arr>{found ? Scaled(in[0], 0) : in[0], Arr{{1}, {scale}},
                            Arr{{1}, {double(g)}}, Arr{{1}, {double(b)}}};
  };
  return r;
}

}  // namespace

PD_OP_TABLE(Amp) {
  return {
      CheckFinite("check_finite_and_unscale", {}),
      CheckFinite("check_finite_and_unscale_inf", {0.5, kInf}),
      UpdateScaling("update_loss_scaling_grows", false, 1, 0),
      UpdateScaling("update_loss_scaling_counts_good", false, 0, 1),
      UpdateScaling("update_loss_scaling_shrinks", true, 1, 1),
      UpdateScaling("update_loss_scaling_counts_bad", true, 0, 0),
  };
}

}  // namespace test
}  // namespace paddle
