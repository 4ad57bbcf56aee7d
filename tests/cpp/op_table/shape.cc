// Shape ops: views, transpose, joins and splits, position rules, slices, pad3d.
#include "op_table.h"

namespace paddle {
namespace test {

PD_OP_TABLE(Shape) {
  std::vector<OpRow> rows;
  // Views: the same values under a new shape.
  auto view = [](const std::string& name, const std::string& op, Shape x, AttributeMap attrs,
                 Shape out) {
    OpRow r{name, op, {{"X", x}}, std::move(attrs), nullptr};
    r.reference = [out](const std::vector<Arr>& in, const AttributeMap&) {
      return Arr{out, in[0].v};
    };
    return r;
  };
  rows.push_back(view("flatten_contiguous_range", "flatten_contiguous_range", {3, 4, 5},
                      {{"start_axis", int32_t{1}}, {"stop_axis", int32_t{-1}}}, {3, 20}));
  rows.push_back(view("squeeze2", "squeeze2", {3, 1, 5, 1}, {{"axes", Ints{1, -1}}}, {3, 5}));
  rows.push_back(view("squeeze2_all", "squeeze2", {3, 1, 4, 1}, {}, {3, 4}));
  rows.push_back(view("unsqueeze2", "unsqueeze2", {3, 4}, {{"axes", Ints{0, -1}}}, {1, 3, 4, 1}));
  rows.push_back(view("reshape2", "reshape2", {3, 4, 5}, {{"shape", Ints{0, -1, 2}}}, {3, 10, 2}));
  OpRow transpose{"transpose2", "transpose2", {{"X", {3, 4, 5}}}, {{"axis", Ints{2, 0, 1}}},
                  nullptr};
  transpose.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out{{5, 3, 4}, std::vector<double>(60)};
    for (int a = 0; a < 3; ++a)
      for (int b = 0; b < 4; ++b)
        for (int c = 0; c < 5; ++c) out.v[(c * 3 + a) * 4 + b] = in[0].v[(a * 4 + b) * 5 + c];
    return out;
  };
  rows.push_back(transpose);
  // Permutations that keep trailing dims in place move them as one block (shape_ops.cc).
  auto permuted = [](const std::string& name, Shape x, std::vector<int> perm) {
    Ints axis(perm.begin(), perm.end());
    OpRow r{name, "transpose2", {{"X", x}}, {{"axis", axis}}, nullptr};
    r.reference = [x, perm](const std::vector<Arr>& in, const AttributeMap&) {
      const size_t rank = x.size();
      Shape out_dims(rank), in_stride(rank, 1);
      for (size_t k = 0; k < rank; ++k) out_dims[k] = x[perm[k]];
      for (size_t i = rank - 1; i > 0; --i) in_stride[i - 1] = in_stride[i] * x[i];
      Arr out{out_dims, {}};
      Shape idx(rank, 0);
      for (size_t o = 0; o < in[0].v.size(); ++o) {
        int64_t src = 0;
        for (size_t k = 0; k < rank; ++k) src += idx[k] * in_stride[perm[k]];
        out.v.push_back(in[0].v[src]);
        for (size_t k = rank; k-- > 0;) {
          if (++idx[k] < out_dims[k]) break;
          idx[k] = 0;
        }
      }
      return out;
    };
    return r;
  };
  rows.push_back(permuted("transpose2_keep_last", {3, 4, 5}, {1, 0, 2}));
  rows.push_back(permuted("transpose2_qkv_heads", {2, 3, 3, 2, 4}, {2, 0, 3, 1, 4}));
  rows.push_back(permuted("transpose2_keep_two", {2, 3, 4, 5}, {1, 0, 2, 3}));
  rows.push_back(permuted("transpose2_identity", {2, 3, 4}, {0, 1, 2}));
  rows.push_back(permuted("transpose2_last_two", {2, 3, 4, 5}, {0, 1, 3, 2}));
  OpRow shape{"shape", "shape", {{"Input", {3, 4, 5}}}, {}, nullptr};
  shape.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    return Arr{{3}, {3, 4, 5}};
  };
  rows.push_back(shape);
  // Joining and splitting along axis 1 of [2, n, 3] blocks.
  auto join = [](const std::vector<Arr>& parts) {
    int64_t total = 0;
    for (const Arr& p : parts) total += p.shape[1];
    Arr out{{2, total, 3}, {}};
    for (int64_t o = 0; o < 2; ++o)
      for (const Arr& p : parts)
        out.v.insert(out.v.end(), p.v.begin() + o * p.shape[1] * 3,
                     p.v.begin() + (o + 1) * p.shape[1] * 3);
    return out;
  };
  auto cut = [](const Arr& x, const std::vector<int64_t>& sizes) {
    std::vector<Arr> parts;
    int64_t at = 0;
    for (int64_t n : sizes) {
      Arr p{{2, n, 3}, {}};
      for (int64_t o = 0; o < 2; ++o)
        p.v.insert(p.v.end(), x.v.begin() + (o * x.shape[1] + at) * 3,
                   x.v.begin() + (o * x.shape[1] + at + n) * 3);
      parts.push_back(p);
      at += n;
    }
    return parts;
  };
  OpRow concat{"concat", "concat", {{"X", {2, 1, 3}}, {"X", {2, 4, 3}}, {"X", {2, 2, 3}}},
               {{"axis", int32_t{1}}}, nullptr};
  concat.reference = [join](const std::vector<Arr>& in, const AttributeMap&) { return join(in); };
  rows.push_back(concat);
  OpRow split{"split", "split", {{"X", {2, 7, 3}}}, {{"sections", Ints{1, -1, 2}}, {"axis", int32_t{1}}},
              nullptr};
  split.out_count = 3;
  split.references = [cut](const std::vector<Arr>& in, const AttributeMap&) {
    return cut(in[0], {1, 4, 2});
  };
  rows.push_back(split);
  OpRow split_num = split;
  split_num.name = "split_num";
  split_num.attrs = {{"num", int32_t{7}}, {"axis", int32_t{-2}}};
  split_num.out_count = 7;
  split_num.references = [cut](const std::vector<Arr>& in, const AttributeMap&) {
    return cut(in[0], std::vector<int64_t>(7, 1));
  };
  rows.push_back(split_num);
  auto unit = [](std::vector<Arr> parts, int64_t n) {  // [2, 3] entries as [2, 1, 3] and back
    for (Arr& p : parts) p.shape = n ? Shape{2, n, 3} : Shape{2, 3};
    return parts;
  };
  OpRow stack{"stack", "stack", {{"X", {2, 3}}, {"X", {2, 3}}}, {{"axis", int32_t{1}}}, nullptr};
  stack.out_slot = "Y";
  stack.reference = [join, unit](const std::vector<Arr>& in, const AttributeMap&) {
    return join(unit(in, 1));
  };
  rows.push_back(stack);
  OpRow unstack{"unstack", "unstack", {{"X", {2, 4, 3}}}, {{"axis", int32_t{1}}, {"num", int32_t{4}}},
                nullptr};
  unstack.out_slot = "Y";
  unstack.out_count = 4;
  unstack.references = [cut, unit](const std::vector<Arr>& in, const AttributeMap&) {
    return unit(cut(in[0], {1, 1, 1, 1}), 0);
  };
  rows.push_back(unstack);
  // Position rules: out[idx] = x[f(idx)] (or 0).
  auto positions = [](const std::string& name, const std::string& op, Shape x, AttributeMap attrs,
                      Shape out, std::function<int64_t(const std::vector<int64_t>&)> f) {
    OpRow r{name, op, {{"X", x}}, std::move(attrs), nullptr};
    r.reference = [out, f](const std::vector<Arr>& in, const AttributeMap&) {
      Arr o{out, {}};
      int64_t n = 1;
      for (int64_t d : out) n *= d;
      std::vector<int64_t> idx(out.size(), 0);
      for (int64_t k = 0; k < n; ++k) {
        const int64_t src = f(idx);
        o.v.push_back(src < 0 ? 0.0 : in[0].v[src]);
        for (int d = static_cast<int>(out.size()) - 1; d >= 0; --d) {
          if (++idx[d] < out[d]) break;
          idx[d] = 0;
        }
      }
      return o;
    };
    return r;
  };
  rows.push_back(positions("tile", "tile", {2, 3}, {{"repeat_times", Ints{2, 1, 2}}}, {2, 2, 6},
                           [](const std::vector<int64_t>& i) { return i[1] * 3 + i[2] % 3; }));
  rows.push_back(positions("expand_v2", "expand_v2", {3, 1}, {{"shape", Ints{2, -1, 4}}},
                           {2, 3, 4}, [](const std::vector<int64_t>& i) { return i[1]; }));
  rows.push_back(positions("flip", "flip", {3, 4}, {{"axis", Ints{0, -1}}}, {3, 4},
                           [](const std::vector<int64_t>& i) { return (2 - i[0]) * 4 + 3 - i[1]; }));
  // overlapping windows: elements read twice get both gradients
  OpRow strided = positions("as_strided", "as_strided", {3, 4},
                            {{"dims", std::vector<int64_t>{3, 2}},
                             {"stride", std::vector<int64_t>{3, 2}}, {"offset", int64_t{1}}},
                            {3, 2}, [](const std::vector<int64_t>& i) {
                              return 1 + i[0] * 3 + i[1] * 2;
                            });
  strided.inputs[0].slot = "input";
  strided.out_slot = "out";
  rows.push_back(strided);
  rows.push_back(positions("roll", "roll", {3, 4},
                           {{"shifts", std::vector<int64_t>{1, -1}}, {"axis", std::vector<int64_t>{0, 1}}},
                           {3, 4}, [](const std::vector<int64_t>& i) {
                             return ((i[0] + 2) % 3) * 4 + (i[1] + 1) % 4;
                           }));
  rows.push_back(positions("roll_flat", "roll", {3, 4}, {{"shifts", std::vector<int64_t>{5}}},
                           {3, 4}, [](const std::vector<int64_t>& i) {
                             return ((i[0] * 4 + i[1]) - 5 + 12) % 12;
                           }));
  rows.push_back(positions("tril", "tril_triu", {2, 3, 4}, {{"lower", true}, {"diagonal", int32_t{1}}},
                           {2, 3, 4}, [](const std::vector<int64_t>& i) -> int64_t {
                             return i[2] - i[1] > 1 ? -1 : (i[0] * 3 + i[1]) * 4 + i[2];
                           }));
  rows.push_back(positions("triu", "tril_triu", {3, 4}, {{"lower", false}}, {3, 4},
                           [](const std::vector<int64_t>& i) -> int64_t {
                             return i[1] < i[0] ? -1 : i[0] * 4 + i[1];
                           }));
  OpRow expand_as{"expand_as_v2", "expand_as_v2", {{"X", {1, 3}}, {"Y", {2, 3}}}, {}, nullptr};
  expand_as.inputs[1].differentiable = false;
  expand_as.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    return Arr{{2, 3}, {in[0].v[0], in[0].v[1], in[0].v[2], in[0].v[0], in[0].v[1], in[0].v[2]}};
  };
  rows.push_back(expand_as);
  // Slices: out[i, j, k] = x[s0 + i * t0, s1 + j * t1, s2 + k * t2].
  auto box = [](const std::string& name, const std::string& op, AttributeMap attrs, Shape out,
                Shape drop_to, std::vector<int64_t> s, std::vector<int64_t> t) {
    OpRow r{name, op, {{"Input", {3, 4, 5}}}, std::move(attrs), nullptr};
    r.reference = [out, drop_to, s, t](const std::vector<Arr>& in, const AttributeMap&) {
      Arr o{drop_to.empty() ? out : drop_to, {}};
      for (int64_t i = 0; i < out[0]; ++i)
        for (int64_t j = 0; j < out[1]; ++j)
          for (int64_t k = 0; k < out[2]; ++k)
            o.v.push_back(in[0].v[((s[0] + i * t[0]) * 4 + s[1] + j * t[1]) * 5 + s[2] + k * t[2]]);
      return o;
    };
    return r;
  };
  rows.push_back(box("slice", "slice",
                     {{"axes", Ints{0, 2}}, {"starts", Ints{1, -3}}, {"ends", Ints{3, 100}}},
                     {2, 4, 3}, {}, {1, 0, 2}, {1, 1, 1}));
  rows.push_back(box("slice_decrease", "slice",
                     {{"axes", Ints{1}}, {"starts", Ints{2}}, {"ends", Ints{3}},
                      {"decrease_axis", Ints{1}}},
                     {3, 1, 5}, {3, 5}, {0, 2, 0}, {1, 1, 1}));
  // Whole trailing dims and a unit-step dim before them are copied as one run (slice_ops.cc).
  rows.push_back(box("slice_leading_row", "slice",
                     {{"axes", Ints{0}}, {"starts", Ints{1}}, {"ends", Ints{2}},
                      {"decrease_axis", Ints{0}}},
                     {1, 4, 5}, {4, 5}, {1, 0, 0}, {1, 1, 1}));
  rows.push_back(box("slice_middle_rows", "slice",
                     {{"axes", Ints{1}}, {"starts", Ints{1}}, {"ends", Ints{3}}},
                     {3, 2, 5}, {}, {0, 1, 0}, {1, 1, 1}));
  rows.push_back(box("strided_slice_runs_of_rows", "strided_slice",
                     {{"axes", Ints{0, 1}}, {"starts", Ints{0, 1}}, {"ends", Ints{3, 3}},
                      {"strides", Ints{2, 1}}},
                     {2, 2, 5}, {}, {0, 1, 0}, {2, 1, 1}));
  rows.push_back(box("strided_slice", "strided_slice",
                     {{"axes", Ints{1, 2}}, {"starts", Ints{3, 0}}, {"ends", Ints{-5, 5}},
                      {"strides", Ints{-1, 2}}},
                     {3, 4, 3}, {}, {0, 3, 0}, {1, -1, 2}));
  // pad3d on [1, 2, 2, 3, 3] with paddings [left 1, right 0, top 0, bottom 2, front 1, back 1].
  auto pad3d = [](const std::string& mode) {
    OpRow r{"pad3d_" + mode, "pad3d", {{"X", {1, 2, 2, 3, 3}}},
            {{"paddings", Ints{1, 0, 0, 2, 1, 1}}, {"mode", mode}, {"value", 2.0f}}, nullptr};
    r.reference = [mode](const std::vector<Arr>& in, const AttributeMap&) {
      auto src = [&](int64_t j, int64_t n) -> int64_t {
        if (j >= 0 && j < n) return j;
        if (mode == "constant") return -1;
        if (mode == "reflect") return j < 0 ? -j : 2 * (n - 1) - j;
        if (mode == "replicate") return j < 0 ? 0 : n - 1;
        return (j + n) % n;
      };
      Arr out{{1, 2, 4, 5, 4}, {}};
      for (int c = 0; c < 2; ++c)
        for (int d = 0; d < 4; ++d)
          for (int h = 0; h < 5; ++h)
            for (int w = 0; w < 4; ++w) {
              const int64_t sd = src(d - 1, 2), sh = src(h, 3), sw = src(w - 1, 3);
              out.v.push_back(sd < 0 || sh < 0 || sw < 0 ? 2.0
                                                         : in[0].v[((c * 2 + sd) * 3 + sh) * 3 + sw]);
            }
      return out;
    };
    return r;
  };
  for (const char* mode : {"constant", "reflect", "replicate", "circular"}) rows.push_back(pad3d(mode));
  return rows;
}

}  // namespace test
}  // namespace paddle
