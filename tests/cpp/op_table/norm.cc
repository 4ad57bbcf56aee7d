// Normalization: batch_norm, group_norm, instance_norm, layer_norm, rms_norm.
#include "op_table.h"

namespace paddle {
namespace test {

PD_OP_TABLE(Norm) {
  std::vector<OpRow> rows;
  // batch_norm over [2, 3, 2, 2] (NCHW) or [2, 2, 2, 3] (NHWC), with the batch's or the
  // running statistics.
  auto batch_norm = [](const std::string& name, bool nhwc, bool test) {
    const Shape x = nhwc ? Shape{2, 2, 2, 3} : Shape{2, 3, 2, 2};
    OpRow r{name, "batch_norm",
            {{"X", x}, {"Scale", {3}}, {"Bias", {3}}, {"Mean", {3}}, {"Variance", {3}, 0.5, 2}},
            {{"is_test", test}, {"data_layout", std::string(nhwc ? "NHWC" : "NCHW")}}, nullptr};
    r.out_slot = "Y";
    r.inputs[3].differentiable = r.inputs[4].differentiable = false;
    r.reference = [nhwc, test](const std::vector<Arr>& in, const AttributeMap&) {
      auto at = [nhwc](int n, int c, int s) { return nhwc ? (n * 4 + s) * 3 + c : (n * 3 + c) * 4 + s; };
      Arr y = in[0];
      for (int c = 0; c < 3; ++c) {
        double m = 0, v = 0;
        for (int n = 0; n < 2; ++n)
          for (int s = 0; s < 4; ++s) m += in[0].v[at(n, c, s)] / 8;
        for (int n = 0; n < 2; ++n)
          for (int s = 0; s < 4; ++s) v += std::pow(in[0].v[at(n, c, s)] - m, 2) / 8;
        if (test) m = in[3].v[c], v = in[4].v[c];
        for (int n = 0; n < 2; ++n)
          for (int s = 0; s < 4; ++s)
            y.v[at(n, c, s)] = (in[0].v[at(n, c, s)] - m) / std::sqrt(v + double{1e-5f}) *
                                   in[1].v[c] + in[2].v[c];
      }
      return y;
    };
    return r;
  };
  rows.push_back(batch_norm("batch_norm", false, false));
  rows.push_back(batch_norm("batch_norm_nhwc", true, false));
  rows.push_back(batch_norm("batch_norm_test", false, true));
  // group_norm over N = 2, C = 4, 3 positions; instance_norm is one channel per group.
  auto group_norm = [](const std::string& name, const std::string& op, int groups, bool nhwc) {
    const Shape x = nhwc ? Shape{2, 3, 4} : Shape{2, 4, 3};
    AttributeMap attrs;
    if (op == "group_norm")
      attrs = {{"groups", int32_t{groups}}, {"data_layout", std::string(nhwc ? "NHWC" : "NCHW")}};
    OpRow r{name, op, {{"X", x}, {"Scale", {4}}, {"Bias", {4}}}, attrs, nullptr};
    r.out_slot = "Y";
    r.reference = [groups, nhwc](const std::vector<Arr>& in, const AttributeMap&) {
      auto at = [nhwc](int n, int c, int s) { return nhwc ? (n * 3 + s) * 4 + c : (n * 4 + c) * 3 + s; };
      Arr y = in[0];
      const int per = 4 / groups;
      for (int n = 0; n < 2; ++n)
        for (int g = 0; g < groups; ++g) {
          double m = 0, v = 0;
          for (int c = g * per; c < (g + 1) * per; ++c)
            for (int s = 0; s < 3; ++s) m += in[0].v[at(n, c, s)] / (per * 3);
          for (int c = g * per; c < (g + 1) * per; ++c)
            for (int s = 0; s < 3; ++s) v += std::pow(in[0].v[at(n, c, s)] - m, 2) / (per * 3);
          for (int c = g * per; c < (g + 1) * per; ++c)
            for (int s = 0; s < 3; ++s)
              y.v[at(n, c, s)] = (in[0].v[at(n, c, s)] - m) / std::sqrt(v + double{1e-5f}) *
                                     in[1].v[c] + in[2].v[c];
        }
      return y;
    };
    return r;
  };
  rows.push_back(group_norm("group_norm", "group_norm", 2, false));
  rows.push_back(group_norm("group_norm_nhwc", "group_norm", 2, true));
  rows.push_back(group_norm("instance_norm", "instance_norm", 4, false));
  OpRow layer_norm{"layer_norm", "layer_norm", {{"X", {3, 4, 5}}, {"Scale", {20}}, {"Bias", {20}}},
                   {{"begin_norm_axis", int32_t{1}}}, nullptr};
  layer_norm.out_slot = "Y";
  layer_norm.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr y = in[0];
    for (int i = 0; i < 3; ++i) {
      double m = 0, v = 0;
      for (int j = 0; j < 20; ++j) m += in[0].v[i * 20 + j] / 20;
      for (int j = 0; j < 20; ++j) v += (in[0].v[i * 20 + j] - m) * (in[0].v[i * 20 + j] - m) / 20;
      for (int j = 0; j < 20; ++j)
        y.v[i * 20 + j] = (in[0].v[i * 20 + j] - m) / std::sqrt(v + double{1e-5f}) * in[1].v[j] +
                          in[2].v[j];
    }
    return y;
  };
  rows.push_back(layer_norm);
  // rms_norm over the trailing [4, 5] of [3, 4, 5], with and without scale.
  auto rms_norm = [](const std::string& name, bool scaled) {
    std::vector<OpInput> inputs{{"x", {3, 4, 5}}};
    if (scaled) inputs.push_back({"scale", {20}});
    OpRow r{name, "rms_norm", inputs,
            {{"normalized_shape", std::vector<int64_t>{4, 5}}, {"epsilon", 1e-5}}, nullptr};
    r.out_slot = "y";
    r.reference = [scaled](const std::vector<Arr>& in, const AttributeMap&) {
      Arr y = in[0];
      for (int i = 0; i < 3; ++i) {
        double sq = 0;
        for (int j = 0; j < 20; ++j) sq += in[0].v[i * 20 + j] * in[0].v[i * 20 + j] / 20;
        for (int j = 0; j < 20; ++j)
          y.v[i * 20 + j] = in[0].v[i * 20 + j] / std::sqrt(sq + 1e-5) * (scaled ? in[1].v[j] : 1);
      }
      return y;
    };
    return r;
  };
  rows.push_back(rms_norm("rms_norm", true));
  rows.push_back(rms_norm("rms_norm_no_scale", false));
  return rows;
}

}  // namespace test
}  // namespace paddle
