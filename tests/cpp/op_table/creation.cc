// Creation: fill_constant, range, linspace, eye, assign_value.
#include "op_table.h"

namespace paddle {
namespace test {

PD_OP_TABLE(Creation) {
  std::vector<OpRow> rows;
  // Creation.
  OpRow fill{"fill_constant", "fill_constant", {},
             {{"shape", std::vector<int64_t>{2, 3}}, {"value", 1.5f}}, nullptr};
  fill.reference = [](const std::vector<Arr>&, const AttributeMap&) {
    return Arr{{2, 3}, std::vector<double>(6, 1.5)};
  };
  rows.push_back(fill);
  OpRow fill_str = fill;
  fill_str.name = "fill_constant_int64_exact";
  fill_str.attrs = {{"shape", std::vector<int64_t>{2}}, {"dtype", int32_t{3}},
                    {"str_value", std::string("9007199254740993")}};
  fill_str.reference = [](const std::vector<Arr>&, const AttributeMap&) {
    return Arr{{2}, std::vector<double>(2, 9007199254740993.0)};
  };
  rows.push_back(fill_str);
  OpRow range{"range", "range", {{"Start", {1}, 1, 1}, {"End", {1}, 4, 4}, {"Step", {1}, 0.5, 0.5}},
              {}, nullptr};
  range.shape_from_values = true;
  range.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out{{0}, {}};
    for (double v = in[0].v[0]; v < in[1].v[0]; v += in[2].v[0]) out.v.push_back(v);
    out.shape[0] = static_cast<int64_t>(out.v.size());
    return out;
  };
  rows.push_back(range);
  OpRow linspace{"linspace", "linspace", {{"Start", {1}, -1, -1}, {"Stop", {1}, 2, 2}, {"Num", {1}, 5, 5}},
                 {{"dtype", int32_t{6}}}, nullptr};
  linspace.inputs[2].dtype = DataType::kInt32;
  linspace.shape_from_values = true;
  linspace.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out{{5}, {}};
    for (int i = 0; i < 5; ++i) out.v.push_back(in[0].v[0] + (in[1].v[0] - in[0].v[0]) * i / 4);
    return out;
  };
  rows.push_back(linspace);
  OpRow eye{"eye", "eye", {}, {{"num_rows", int64_t{3}}, {"num_columns", int64_t{4}}}, nullptr};
  eye.reference = [](const std::vector<Arr>&, const AttributeMap&) {
    return Arr{{3, 4}, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0}};
  };
  rows.push_back(eye);
  // assign_value: each dtype from the Scalar kinds PaddlePaddle writes for it,
  // and from the others where the value is exact.
  auto assign_value = [](const std::string& name, std::vector<int32_t> shape, int32_t dtype,
                         std::vector<Scalar> values, std::vector<double> want) {
    OpRow r{name, "assign_value", {},
            {{"shape", shape}, {"dtype", dtype}, {"values", values}}, nullptr};
    r.reference = [shape, want](const std::vector<Arr>&, const AttributeMap&) {
      return Arr{Shape(shape.begin(), shape.end()), want};
    };
    return r;
  };
  rows.push_back(assign_value("assign_value_float32", {2, 3}, 5,
                              {1.5, -2.25, 0.0, 3.0, 1e30, -0.125},
                              {1.5, -2.25, 0.0, 3.0, double(1e30f), -0.125}));
  rows.push_back(assign_value("assign_value_float64_from_every_kind", {4}, 6,
                              {0.1, int64_t{-7}, true, Scalar::Complex(2.5, 0)},
                              {0.1, -7, 1, 2.5}));
  rows.push_back(assign_value("assign_value_int64_beyond_int32", {3}, 3,
                              {int64_t{1} << 40, int64_t{-5}, 12.0},
                              {double(int64_t{1} << 40), -5, 12}));
  rows.push_back(assign_value("assign_value_int32", {1, 2}, 2, {int64_t{7}, int64_t{-8}},
                              {7, -8}));
  rows.push_back(assign_value("assign_value_bool", {3}, 0, {true, false, 1.0}, {1, 0, 1}));
  rows.push_back(assign_value("assign_value_0d", {}, 5, {4.0}, {4.0}));
  rows.push_back(assign_value("assign_value_empty", {2, 0}, 5, {}, {}));
  OpRow ignored = assign_value("assign_value_values_tensor_not_read", {2}, 5, {1.0, 2.0}, {1, 2});
  ignored.inputs.push_back(OpInput{"ValuesTensor", {2}, 7, 9, false});
  rows.push_back(ignored);
  return rows;
}

}  // namespace test
}  // namespace paddle
