package queuemodel

import (
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/jobqlint/jobqlint/analyzers/internal/automigrate"
	"github.com/jobqlint/jobqlint/analyzers/internal/ormsql"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// findModelDDL adds to the package's schema the tables GORM's AutoMigrate
// creates from the module's models (see package automigrate), for the
// models this package or a package it imports declares: their Go types
// say what GORM creates. A package that runs GORM's calls on a *gorm.DB
// it reaches through another package's type (store.DB.Where(...)) need
// not import GORM itself. A migration's table is never replaced (see
// extend); a model GORM migrates by a rule jobqlint does not read adds
// nothing.
func (b *builder) findModelDDL() {
	if b.model.schema.root == "" || !importsPath(b.pass.Pkg, gormPath) && !b.callsGorm() {
		return
	}
	rootPath := b.pass.Pkg.Path() // outside module mode the root is the package's directory
	if b.pass.Module != nil && b.pass.Module.Path != "" {
		rootPath = b.pass.Module.Path
	}
	models := automigrate.Of(b.model.schema.root, rootPath)
	if len(models) == 0 {
		return
	}
	pkgs := append([]*types.Package{b.pass.Pkg}, b.pass.Pkg.Imports()...)
	for _, pkg := range pkgs {
		for _, name := range pkg.Scope().Names() {
			if !models.Has(pkg.Path(), name) {
				continue
			}
			tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
			if !ok {
				continue
			}
			named, ok := types.Unalias(tn.Type()).(*types.Named)
			if !ok {
				continue
			}
			stmts, why := ormsql.GormDDL(&ormsql.Request{Info: b.pass.TypesInfo, ImportFact: b.pass.ImportObjectFact, Effects: b.effects}, named)
			if why != "" {
				continue
			}
			for _, s := range stmts {
				loc := b.model.files.declared(s.Pos, s.Name)
				b.model.modelDDL = append(b.model.modelDDL, sqlcheck.Declared(loc, s.SQL))
			}
		}
	}
}

// callsGorm reports whether one of the package's calls that run SQL is a
// call of GORM's.
func (b *builder) callsGorm() bool {
	for _, c := range b.model.Calls {
		if fn, ok := typeutil.Callee(b.pass.TypesInfo, c.Expr).(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == gormPath {
			return true
		}
	}
	return false
}

func importsPath(pkg *types.Package, path string) bool {
	for _, imp := range pkg.Imports() {
		if imp.Path() == path {
			return true
		}
	}
	return false
}
