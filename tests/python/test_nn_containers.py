"""Sequential, LayerList, LayerDict and ParameterList: construction, indexing,
mutation, and that their contents register as sublayers/parameters."""
import collections

import pytest

import paddle
import paddle.nn as nn


def test_sequential_positional_runs_in_order():
    net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
    assert len(net) == 3 and isinstance(net[1], nn.ReLU) and isinstance(net[-1], nn.Linear)
    assert [n for n, _ in net.named_parameters()] == ["0.weight", "0.bias", "2.weight", "2.bias"]
    x = paddle.rand([4, 2])
    expected = net[2](net[1](net[0](x)))
    assert (net(x) - expected).abs().max().item() == 0
    head = net[0:2]
    assert isinstance(head, nn.Sequential) and len(head) == 2 and head[0] is net[0]
    with pytest.raises(IndexError):
        net[3]


def test_sequential_named_pairs_and_ordered_dict():
    net = nn.Sequential(("fc", nn.Linear(2, 2)), ("act", nn.Tanh()))
    assert list(net.state_dict()) == ["fc.weight", "fc.bias"]
    assert net["act"] is net.act
    od = nn.Sequential(collections.OrderedDict([("a", nn.ReLU()), ("b", nn.ReLU())]))
    assert [n for n, _ in od.named_children()] == ["a", "b"]
    del od["a"]
    assert len(od) == 1
    with pytest.raises(TypeError):
        nn.Sequential(("fc", nn.Linear(2, 2)), nn.ReLU())


def test_sequential_append_insert_extend_renumber():
    net = nn.Sequential(nn.ReLU()).append(nn.Tanh()).insert(0, nn.Sigmoid())
    net.extend([nn.ReLU6()])
    assert [n for n, _ in net.named_children()] == ["0", "1", "2", "3"]
    assert [type(m).__name__ for m in net.children()] == ["Sigmoid", "ReLU", "Tanh", "ReLU6"]
    with pytest.raises(TypeError):
        net.append("relu")
    with pytest.raises(IndexError):
        net.insert(9, nn.ReLU())


def test_layer_list_mutation_keeps_registration():
    layers = nn.LayerList([nn.Linear(2, 2) for _ in range(2)])
    layers.append(nn.ReLU())
    layers.insert(0, nn.Tanh())
    layers.extend([nn.Sigmoid()])
    assert [type(m).__name__ for m in layers] == ["Tanh", "Linear", "Linear", "ReLU", "Sigmoid"]
    assert [n for n, _ in layers.named_children()] == ["0", "1", "2", "3", "4"]
    assert len(layers.parameters()) == 4
    del layers[0]
    assert isinstance(layers[0], nn.Linear) and len(layers) == 4
    popped = layers.pop(-1)
    assert isinstance(popped, nn.Sigmoid) and len(layers) == 3
    layers.append(popped)
    layers[3] = nn.ReLU6()
    assert isinstance(layers[-1], nn.ReLU6)
    assert len(layers[1:3]) == 2
    with pytest.raises(TypeError):
        layers.append("relu")
    with pytest.raises(IndexError):
        layers[10]


def test_layer_dict_behaves_like_an_ordered_dict():
    d = nn.LayerDict({"fc": nn.Linear(2, 2), "act": nn.ReLU()})
    d["out"] = nn.Linear(2, 1)
    assert list(d.keys()) == ["fc", "act", "out"] and "act" in d and len(d) == 3
    assert [n for n, _ in d.named_parameters()] == ["fc.weight", "fc.bias", "out.weight",
                                                    "out.bias"]
    assert isinstance(d.pop("act"), nn.ReLU) and list(d) == ["fc", "out"]
    d.update([("tanh", nn.Tanh())])
    assert list(d.values())[-1].__class__ is nn.Tanh
    d.clear()
    assert len(d) == 0
    with pytest.raises(ValueError):
        d.update([("only-a-name",)])
    with pytest.raises(TypeError):
        d.update(3)


def test_parameter_list_registers_its_parameters():
    params = nn.ParameterList([paddle.create_parameter([2], "float32") for _ in range(2)])
    params.append(paddle.create_parameter([3], "float32"))
    assert len(params) == 3 and params[-1].shape == [3]
    assert list(params.state_dict()) == ["0", "1", "2"]
    assert len(list(params)) == 3
    with pytest.raises(TypeError):
        params.append(paddle.ones([1]))


def test_containers_inside_a_layer_are_found():
    class Net(nn.Layer):
        def __init__(self):
            super().__init__()
            self.blocks = nn.LayerList([nn.Linear(2, 2), nn.Linear(2, 2)])
            self.extra = nn.ParameterList([paddle.create_parameter([2], "float32")])

        def forward(self, x):
            for block in self.blocks:
                x = block(x)
            return x + self.extra[0]
    net = Net()
    assert list(net.state_dict()) == ["blocks.0.weight", "blocks.0.bias", "blocks.1.weight",
                                      "blocks.1.bias", "extra.0"]
    net(paddle.ones([1, 2])).sum().backward()
    assert all(p.grad is not None for p in net.parameters())
