package read

import (
	"regexp"
	"slices"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// recipeLD finds a Recipe among the types of a page's JSON-LD.
var recipeLD = regexp.MustCompile(`"@type"\s*:\s*(?:\[[^\]]*)?"(?:https?://schema\.org/)?Recipe"`)

// isRecipe reports whether the page says it is a recipe: a Recipe in its
// JSON-LD, or a recipe's microdata (its ingredients, yield or steps).
func isRecipe(doc *html.Node) bool {
	found := false
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil && !found; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			switch {
			case c.DataAtom == atom.Script:
				found = attrOf(c, "type") == "application/ld+json" && recipeLD.MatchString(textOf(c))
				continue
			case recipeProp[attrOf(c, "itemprop")]:
				found = true
				return
			}
			walk(c)
		}
	}
	walk(doc)
	return found
}

var recipeProp = map[string]bool{"recipeIngredient": true, "ingredients": true, "recipeYield": true, "recipeInstructions": true}

// recipeCard is a copy of a recipe's card (its ingredients, servings and
// steps), when the page is a recipe: the box around its ingredients list
// that the page names a recipe's, else that list. The extractor often
// keeps the story told above a recipe and leaves its card out; the card is
// then added after the story (see extract).
func recipeCard(doc *html.Node) (card *html.Node, items []string) {
	if !isRecipe(doc) {
		return nil, nil
	}
	var list *html.Node
	var walk func(n *html.Node, chrome bool)
	walk = func(n *html.Node, chrome bool) {
		for c := n.FirstChild; c != nil && list == nil; c = c.NextSibling {
			if c.Type != html.ElementNode || c.DataAtom == atom.Head {
				continue
			}
			ch := chrome || kindOf(c) != ""
			if !ch && ingredients(c) {
				list = c
				return
			}
			walk(c, ch)
		}
	}
	walk(doc, false)
	if list == nil {
		return nil, nil
	}
	// The ingredients (a list's items, a table's rows, else the box's
	// parts) say whether the story kept the card.
	var find func(n *html.Node)
	find = func(n *html.Node) {
		for _, c := range childElements(n) {
			if c.DataAtom == atom.Li || c.DataAtom == atom.Tr {
				if k := textKey(textOf(c)); k != "" {
					items = append(items, k)
				}
				continue
			}
			find(c)
		}
	}
	find(list)
	if len(items) == 0 {
		for _, c := range childElements(list) {
			if k := textKey(textOf(c)); k != "" {
				items = append(items, k)
			}
		}
	}
	card = list
	for p := list.Parent; p != nil && p.DataAtom != atom.Body && p.DataAtom != atom.Main && p.DataAtom != atom.Article; p = p.Parent {
		if recipeRe.MatchString(attrOf(p, "class") + " " + attrOf(p, "id")) {
			card = p
		}
	}
	if len(fold(textOf(card))) > 20000 {
		card = list
	}
	return clone(card), items
}

var (
	recipeRe     = regexp.MustCompile(`(?i)recipe|rezept|recette|receta|ricetta`)
	ingredientRe = regexp.MustCompile(`(?i)ingredient|zutat`)
)

// ingredients reports whether n holds a recipe's ingredients: a list or
// table of them marked up so, or a box of at least two that the page
// names so.
func ingredients(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Ul, atom.Ol, atom.Table, atom.Tbody:
		for _, c := range childElements(n) {
			if recipeProp[attrOf(c, "itemprop")] {
				return true
			}
		}
	}
	return ingredientRe.MatchString(attrOf(n, "class")+" "+attrOf(n, "id")) && len(childElements(n)) >= 2
}

func childElements(n *html.Node) []*html.Node {
	var out []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			out = append(out, c)
		}
	}
	return out
}

// clone is a deep copy of n, detached.
func clone(n *html.Node) *html.Node {
	c := &html.Node{Type: n.Type, DataAtom: n.DataAtom, Data: n.Data, Namespace: n.Namespace, Attr: slices.Clone(n.Attr)}
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		c.AppendChild(clone(k))
	}
	return c
}
